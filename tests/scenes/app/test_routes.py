"""Navigation by route ids: every id the rooms open is registered by the app, each target is a
function of its room, loaded on first open; an unknown id or a malformed target says so."""

from __future__ import annotations

import importlib

import pytest

from scenes.app.routes import ROUTES, register_routes
from scenes.core import routes
from scenes.core.routes import Routes
from scenes.core.stack import Scene, SceneStack

ROUTE_IDS = [v for k, v in vars(routes).items() if k.isupper() and isinstance(v, str)]


def test_every_route_id_is_registered_and_names_a_function():
    assert sorted(ROUTES) == sorted(ROUTE_IDS)
    for route, target in ROUTES.items():
        module, _, name = target.partition(":")
        assert callable(getattr(importlib.import_module(module), name)), route


def test_openers_load_on_first_use_only():
    table = Routes()
    register_routes(table)
    assert table.registered() == ROUTES
    assert table.opener(routes.SETTINGS) is table.opener(routes.SETTINGS)


def test_unknown_route_and_malformed_target_are_refused():
    table = Routes()
    with pytest.raises(LookupError, match="no screen is registered for route 'nowhere'"):
        table.opener("nowhere")
    with pytest.raises(ValueError, match=r"not 'package\.module:function'"):
        table.register("x", "scenes.menus.mixer")


def test_the_context_opens_a_route_on_the_stack(ctx):
    from scenes.menus.settings_menu import SettingsScene

    stack = SceneStack()
    stack.push(Scene())
    ctx.open(routes.SETTINGS, stack)
    assert isinstance(stack.top, SettingsScene)
