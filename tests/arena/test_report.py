"""Reports: the numbers match the records, and every file is written and readable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourfeathers.arena.features import seat_features
from fourfeathers.arena.report import build_report
from fourfeathers.arena.results import ResultsFile, read_records, to_record
from fourfeathers.arena.runner import plan_games, run_jobs
from fourfeathers.arena.stats import diff_interval, quantiles
from fourfeathers.core.registry import make
from fourfeathers.games.featherlight.features import card_label

PNG = b"\x89PNG\r\n\x1a\n"


def simulate(path: Path, game_id: str, lineup: list[str], games: int, **config) -> Path:
    game = make(game_id, **config)
    planned = plan_games(game.id, game.config, lineup, games, seed=1)
    with ResultsFile.open(path, planned) as results:
        for job, result in run_jobs(results.missing):
            results.append(to_record(job, result))
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("results")
    return {
        "fl3": simulate(d / "fl3.jsonl", "featherlight", ["random"] * 3, 60, players=3),
        "ff2": simulate(d / "ff2.jsonl", "fancy-feathers", ["greedy", "random"], 80, players=2),
        "ff3": simulate(d / "ff3.jsonl", "fancy-feathers", ["greedy"] * 3, 60, players=3),
        "fa1": simulate(d / "fa1.jsonl", "familiar-feat", ["greedy"], 30, level=1),
        "fa8": simulate(d / "fa8.jsonl", "familiar-feat", ["greedy"], 30, level=8),
    }


def test_featherlight_report_numbers_match_the_records(files, tmp_path: Path):
    summary = build_report([files["fl3"]], tmp_path)
    records = list(read_records(files["fl3"]))
    (group,) = summary["groups"]
    assert group["games"] == 60 and group["players"] == 3
    first_wins = sum(1 / len(r["winners"]) for r in records if r["order"][0] in r["winners"])
    assert group["first_player"]["win_share"] == pytest.approx(first_wins / 60)
    assert group["first_player"]["fair_share"] == pytest.approx(1 / 3)
    assert sum(p["win_share"] for p in group["positions"]) == pytest.approx(1.0)
    # Card impact: seat-games holding card 1 equal the hands that ended with it.
    holders = sum(1 in r["final"]["seats"][p]["hand"] for r in records for p in range(3))
    card = group["features"]["labels"][card_label(1)]
    assert card["with"]["games"] == holders and card["without"]["games"] == 180 - holders
    assert len(group["features"]["labels"]) == 70
    for name in ("summary.md", "index.html", "summary.json"):
        assert (tmp_path / name).stat().st_size > 0
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs == [
        "featherlight-features.png",
        "featherlight-length.png",
        "featherlight-positions.png",
        "featherlight-scores.png",
    ]
    for png in pngs:
        assert (tmp_path / png).read_bytes()[:8] == PNG
    page = (tmp_path / "index.html").read_text()
    assert all(f'src="{png}"' in page for png in pngs)
    markdown = (tmp_path / "summary.md").read_text()
    assert "First-player advantage" in markdown and "card in the final hand" in markdown


def test_fancy_feathers_across_player_counts_and_animal_types(files, tmp_path: Path):
    summary = build_report([files["ff2"], files["ff3"]], tmp_path)
    (across,) = summary["across"]
    assert across["keys"] == ["players"]
    assert [row["config"]["players"] for row in across["rows"]] == [2, 3]
    assert [row["fair_share"] for row in across["rows"]] == [0.5, pytest.approx(1 / 3)]
    two, three = summary["groups"]
    assert set(two["agents"]) == {"greedy", "random"}
    assert two["agents"]["greedy"]["win_share"] > two["agents"]["random"]["win_share"]
    labels = three["features"]["labels"]
    assert labels and all(v["with"]["games"] + v["without"]["games"] > 0 for v in labels.values())
    assert (tmp_path / "fancy-feathers-across.png").read_bytes()[:8] == PNG
    assert (tmp_path / "fancy-feathers-players-2-agents.png").exists()


def test_familiar_feat_levels_are_compared(files, tmp_path: Path):
    summary = build_report([files["fa8"], files["fa1"]], tmp_path)
    (across,) = summary["across"]
    assert across["keys"] == ["level"]
    assert [row["config"]["level"] for row in across["rows"]] == [1, 8]  # sorted numerically
    wins = [r for r in read_records(files["fa1"]) if r["winners"]]
    assert across["rows"][0]["win_share"] == pytest.approx(len(wins) / 30)
    assert "Win rate" in (tmp_path / "summary.md").read_text()


def test_features_of_a_game_without_extractor_or_final_are_none():
    record = {"game": "featherlight", "seats": ["random"], "final": None}
    assert seat_features(make("featherlight", players=1), record) is None
    record = {"game": "no-such-game", "seats": ["random"], "final": {"common": {}}}
    assert seat_features(make("featherlight", players=1), record) is None


def test_interval_helpers():
    d, low, high = diff_interval(60, 100, 40, 100)
    assert d == pytest.approx(0.2) and low < 0.2 < high and low > 0.05
    assert quantiles([5, 1, 3, 2, 4])["median"] == 3
    assert quantiles([1, 2, 3, 4])["p25"] == 1


def test_empty_input_is_an_error(tmp_path: Path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(ValueError, match="no games"):
        build_report([empty], tmp_path / "out")


def test_plots_accept_rates_of_zero_and_one(tmp_path: Path):
    from fourfeathers.arena.report.plots import Plotter
    from fourfeathers.arena.stats import Tally

    never, always = Tally(), Tally()
    for _ in range(20):
        never.add(0.0, 1)
        always.add(1.0, 9)
    plot = Plotter(tmp_path)
    name = plot.rates("r.png", "rates", ["never", "always"], [never, always], fair=0.5)
    assert (tmp_path / name).read_bytes()[:8] == PNG
    name = plot.curve("c.png", "curve", ["a", "b"], [never, always], None, "x", "win rate")
    assert (tmp_path / name).read_bytes()[:8] == PNG


def test_isle_of_feathers_birds_and_solo_configurations_apart(tmp_path: Path):
    solo = simulate(tmp_path / "s.jsonl", "isle-of-feathers", ["random"], 4, players=1, stamina=1)
    duo = simulate(tmp_path / "d.jsonl", "isle-of-feathers", ["random", "random"], 6, players=2)
    trio = simulate(tmp_path / "t.jsonl", "isle-of-feathers", ["random"] * 3, 6, players=3)
    summary = build_report([solo, duo, trio], tmp_path / "out")
    (across,) = summary["across"]  # the solo game is not compared with the others
    assert [row["config"]["players"] for row in across["rows"]] == [2, 3]
    records = list(read_records(duo))
    game = make("isle-of-feathers", players=2)
    placed = seat_features(game, records[0])
    assert placed is not None and placed.kind == "bird placed"
    final = records[0]["final"]["common"]["placed"]
    assert [len(s) for s in placed.seats] == [len(set(p)) for p in final]
    assert len(placed.eligible) == 52
    # The report shows per bird the share of games in which it was placed, and its points.
    assert placed.value_name == "points"
    assert placed.values == {
        f"{n:02d} {game.content.name[n]}": game.content.points[n] for n in range(1, 53)
    }
    (group,) = [g for g in summary["groups"] if g["config"].get("players") == 2]
    labels = group["features"]["labels"]
    for number in (17, 52):
        label = f"{number:02d} {game.content.name[number]}"
        placed_in = sum(
            any(number in seat for seat in r["final"]["common"]["placed"])
            for r in read_records(duo)
        )
        assert labels[label]["games"] == 6 and labels[label]["games_with"] == placed_in
        assert labels[label]["value"] == game.content.points[number]
    markdown = (tmp_path / "out" / "summary.md").read_text()
    assert "| games with it | points |" in markdown


def test_the_header_names_the_spec_a_level_played_as(files, tmp_path: Path):
    # A solo mode may give a level its own spec (records' ``resolved``); a file may hold games
    # from before and after such a change: the header names each, with its seat-games.
    records = list(read_records(files["fa1"]))
    assert all(r["resolved"] == r["seats"] == ["greedy"] for r in records)
    mixed = tmp_path / "mixed.jsonl"
    lines = []
    for k, r in enumerate(records):
        spec = "ismcts:iterations=300:prior=20" if k < 20 else "ismcts:iterations=300"
        lines.append(json.dumps({**r, "seats": ["medium"], "resolved": [spec]}))
    mixed.write_text("\n".join(lines) + "\n")
    summary = build_report([mixed], tmp_path / "mixed")
    (group,) = summary["groups"]
    assert group["plays_as"] == {
        "medium": {"ismcts:iterations=300:prior=20": 20, "ismcts:iterations=300": 10}
    }
    text = (tmp_path / "mixed" / "summary.md").read_text()
    assert (
        "`medium` (played as `ismcts:iterations=300:prior=20` in 20 seat-games, "
        "`ismcts:iterations=300` in 10 seat-games)" in text
    )
    plain = build_report([files["fa1"]], tmp_path / "plain")
    assert plain["groups"][0]["plays_as"] == {"greedy": {"greedy": 30}}
    assert "agents: `greedy`." in (tmp_path / "plain" / "summary.md").read_text()


def _strict(text: str):
    """JSON as a strict parser reads it (NaN and Infinity are not JSON)."""

    def refuse(name: str):
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def test_summary_json_is_strict_json_and_empty_tallies_read_as_a_dash(tmp_path: Path):
    # a bird no seat placed in three games has an empty "with" tally: its mean and interval are
    # nan, which json.dumps wrote as NaN (a fresh user's finding)
    isle = simulate(tmp_path / "isle.jsonl", "isle-of-feathers", ["random"] * 2, 3, players=2)
    build_report([isle], tmp_path / "out")
    strict = _strict((tmp_path / "out" / "summary.json").read_text())
    labels = strict["groups"][0]["features"]["labels"]
    empty = [v["with"] for v in labels.values() if v["with"]["games"] == 0]
    assert empty and all(t["win_ci95"] == [None, None] for t in empty)
    assert all(t["mean_score"] is None for t in empty)
    assert "nan" not in (tmp_path / "out" / "summary.md").read_text()


def test_solo_files_of_two_agents_compare_scores_and_a_file_named_twice_counts_once(tmp_path):
    one = simulate(tmp_path / "random.jsonl", "featherlight", ["random"], 6, players=1)
    two = simulate(tmp_path / "greedy.jsonl", "featherlight", ["greedy"], 6, players=1)
    summary = build_report([one, two, one, tmp_path / "." / "random.jsonl"], tmp_path / "out")
    assert summary["games"] == 12
    text = (tmp_path / "out" / "summary.md").read_text()
    assert "No game named a winner" in text and "Win share by agent" not in text
    assert text.count("`random.jsonl`") == 1  # the header names each file once


def test_ordinal_words_past_ten() -> None:
    """Turn-order positions in words, the teens and twenties included (it wrote "21th")."""
    from fourfeathers.arena.report.text import ordinal

    assert [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]
