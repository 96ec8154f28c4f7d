"""The sweep plot says what it plots (issue 26, item 7): the title names the win rate and the
swept knob, the x axis the knob in words (not its key), and the y axis the whole 0–100 %."""

from __future__ import annotations

import pytest

from solo.cli import main
from solo.sim import sweep as sw


@pytest.fixture
def drawn(monkeypatch):
    pytest.importorskip("matplotlib")
    seen = {}

    def keep(fig, path):
        ax = fig.axes[0]
        seen.update(title=ax.get_title(), xlabel=ax.get_xlabel(), ylim=ax.get_ylim())

    monkeypatch.setattr(sw, "_save_figure", keep)
    return seen


def test_the_plot_says_what_it_plots(tmp_path, capsys, drawn):
    assert main(["sweep", "--set", "strikes_to_die=2,3", "--set", "genre_points=5,13", "--games", "30",
                 "--workers", "1", "--plot", str(tmp_path / "p.png")]) == 0
    assert drawn["title"].startswith("Win rate (dawn) by Strikes to die\n")
    assert drawn["xlabel"] == "Strikes to die" and "_" not in drawn["xlabel"]
    assert drawn["ylim"] == (0.0, 100.0)


def test_every_knob_has_words():
    from solo.playsets import RuleOverrides

    assert all(k in sw.KNOB_LABELS for k in RuleOverrides.model_fields if k != "base")


def test_a_variant_won_every_night_is_plotted(tmp_path, drawn):
    """Wilson's interval at 30 of 30 ends a rounding below 100 %: the plot draws it, no
    "'yerr' must not contain negative values"."""
    from solo.sim.report import wilson

    def row(value, rate, n=30):
        return {"variant": f"strikes_to_die={value}", "set": {"strikes_to_die": value}, "baseline": value == "3",
                "win_rate": rate, "win_rate_ci95": list(wilson(round(rate * n), n))}

    result = {"knobs": ["strikes_to_die"], "rules": "ashcan", "policy": "careful", "games": 30,
              "variants": [row("2", 0.0), row("3", 1.0)]}
    sw.plot(result, tmp_path / "p.png")
    assert drawn["ylim"] == (0.0, 100.0)
