"""Balance reports from results files: tables, PNG plots, ``summary.md`` and ``index.html``.

``build_report(paths, out_dir)`` reads one or more JSONL results files (``arena/results.py``),
groups the games by game and configuration and writes into ``out_dir``:

- ``summary.md``: per group, the win share per agent, per seat and per turn-order position (the
  first-player advantage) with 95% Wilson intervals, score distributions, game length and the
  impact on winning of what each seat ended with (``arena/features.py``); per game played in
  several configurations (player counts, levels), a comparison across them;
- one PNG per plot (matplotlib, Agg backend) and ``index.html`` showing the tables and plots
  together; ``summary.json``: the same numbers for programs.

Win share: a victory shared by k seats counts 1/k for each. Turn-order position: the order in
which seats took their first decision (a record's ``order``). When no game of a group names a
winner (a solo score game), comparisons use the score instead.

The modules, in the order a report is made (the statistics are ``arena/stats.py``'s):

- ``groups``: results files read into groups (game id and configuration) and their tallies;
  the lines left out and why (``report_problem``, ``Skipped``).
- ``sections``: each section's headings, text, tables and plots, and its numbers for
  ``summary.json``.
- ``text``: how numbers, games and configurations read (``pct``, ``ci_text``...).
- ``plots``: the PNG plots (``Plotter``) and ``check_plotting``.
- ``document``: the document model (``Doc``) and its Markdown and HTML renderings.
- ``build``: ``build_report``, which puts them together and writes the files.
"""

from .build import build_report
from .plots import check_plotting

__all__ = ["build_report", "check_plotting"]
