"""Secret of the Stones on screen: what this game alone shows (the stone picker, its paytable
pages, its events in the replay and the history detail), registered in `scenes.games`."""
