"""Everything on screen (pygame lives here), in rooms:

- `core/`: the app and its loop, the scene stack, intents, the typed context, the asset store,
  audio, text, translation and the settings store;
- `reels/`: the reels scene and what it is made of (round player, autoplay, stage art, reel view,
  win presenter, HUD, sounds, celebration);
- `menus/`: settings, sound mixer, autoplay dialog, reality check;
- `viewers/`: paytable, rules, history, replay, balance chart;
- `front/`: intro and lobby;
- `widgets/`: buttons, selectors, sliders, dialogs, panels, effects;
- `games/<id>/`: what one game alone shows, found through the presentation registry
  (`scenes.presentation`).

`bench.py` is the scripted run behind `main.py --bench`.
"""
