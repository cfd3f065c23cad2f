"""The exact par sheet of a plain line game: base line pays and scatter pays."""

from __future__ import annotations

from typing import Any

from game.definitions import GameDefinition
from game.math.odds import hit_frequency, top_award
from game.math.par import RTP_NOTE, cap_note, cap_section, check_lines, part
from game.math.patterns import fraction_str, line_factor, line_pay_table, line_rtp, scatter_rtp


def par_sheet(defn: GameDefinition, lines: int | None = None, *, estimate_cap: bool = True) -> dict[str, Any]:
    n_lines = check_lines(defn, lines)
    base_line = line_rtp(defn, "base", _table=line_pay_table(defn)) * line_factor(defn, n_lines)
    base_scatter = scatter_rtp(defn, "base")
    total = base_line + base_scatter
    top_line = max(max(p.values()) for p in defn.paytable.values())
    total_bet_lvl1 = defn.bet.coins_per_level or n_lines
    bound = n_lines * top_line + sum(max(p.values()) for p in defn.scatter_pays.values()) * total_bet_lvl1
    scatters = list(defn.scatter_pays)
    out: dict[str, Any] = {
        "game": defn.id,
        "lines": n_lines,
        "rtp": float(total),
        "rtp_fraction": fraction_str(total),
        "parts": [part("base_line_pays", base_line), part("base_scatter_pays", base_scatter)],
        "hit_frequency": float(hit_frequency(defn, n_lines)),
        "top_award": top_award(defn, n_lines, "base", scatters[0] if len(scatters) == 1 else None)[0],
        "max_round_win_coins_upper_bound": bound,
    }
    out["cap"] = cap_section(defn, n_lines, bound, total_bet_lvl1)
    out["cap"]["note"] = cap_note(defn, out["cap"])
    out["rtp_note"] = RTP_NOTE
    return out
