"""Warlords – Crystals of Power on screen: what this game alone shows.

`presentation` (its events in the round player, the history and the paytable), `overlays` (the
Random Overlay Wild's weapons striking the reels), `battle` (the battle scene), `decor` (held
scatters, counters, the Final Chance, the free-spins intro), `look` (the warlords' colours, names
and free-spins backdrops), `pages` (its paytable pages) and `detail` (its history steps).
"""
