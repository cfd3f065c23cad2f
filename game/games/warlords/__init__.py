"""Warlords – Crystals of Power: random overlay wilds, battle re-spins, Final Chance, three free-spins modes."""
