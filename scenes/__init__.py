"""Everything on screen (pygame lives here), in rooms that import one way, lowest first
(`core < widgets < presentation < reels < viewers < menus < games < front < app`):

- `core/`: the scene stack, intents, the typed context, the view and canvas, the asset store,
  audio, text, translation, the settings store, the route ids and the shared palettes;
- `widgets/`: buttons, selectors, sliders, dialogs, panels, effects;
- `presentation/`: what a game's presentation must answer (`base`) and the registry that finds
  each game's;
- `reels/`: the reels scene and what it is made of (round player, autoplay, stage art, reel view,
  win presenter, HUD, sounds, celebration);
- `viewers/`: paytable, rules, history, replay, balance chart;
- `menus/`: settings, sound mixer, autoplay dialog, reality check;
- `games/<id>/`: what one game alone shows, found through the presentation registry;
- `front/`: intro and lobby;
- `app/`: the composition root (bootstrap, the loop and the window, the route table, the bench
  behind `main.py --bench`).

A room opens a screen of a room above it by route id (`scenes.core.routes`), never by import.
"""
