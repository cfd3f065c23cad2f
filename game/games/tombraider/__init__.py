"""Tomb Raider – Secret of the Sword: cascading free spins, Super Mode, passports collected across
rounds, the Global Adventure and the Shoot-out (importing a submodule stays cheap)."""
