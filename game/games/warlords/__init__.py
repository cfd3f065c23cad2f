"""Warlords – Crystals of Power: overlay wilds, battle re-spins, Final Chance, three free-spins modes."""
