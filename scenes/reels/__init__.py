"""One game's screen: the reels scene and its parts (round player, autoplay, stage art, reel view,
win presenter, HUD, sounds, celebration). What one game alone shows lives in
`scenes.games`, found through `scenes.presentation`."""
