"""The balance lab: many games between computer players, reduced to a report an author reads.

:class:`~revive_dsl.balance.setup.BalanceSetup` says what to play; :func:`~revive_dsl.balance.run.run_balance` plays
it (on a Dask cluster given a client, else in this process) and returns the report
(:mod:`revive_dsl.balance.report`), which :func:`~revive_dsl.balance.page.report_page` draws as one HTML page;
:func:`~revive_dsl.balance.run.compare_runs` plays the same games on two contents and says what changed;
:func:`~revive_dsl.balance.tune.tune` searches the values of a pack's tunable numbers that even the win rates.

>>> from revive_dsl.balance import BalanceSetup, run_balance
>>> report = run_balance(BalanceSetup(tribes=("nadair", "formica"), ai=("random",), games=2, seed=3))
>>> sorted(report["win_rate"]["by_tribe"])
['formica', 'nadair']
"""

from revive_dsl.balance.run import RunError, compare_runs, dask_client, run_balance
from revive_dsl.balance.setup import BalanceSetup
from revive_dsl.balance.tune import TuneSetup, tune, tune_to

__all__ = ["BalanceSetup", "RunError", "TuneSetup", "compare_runs", "dask_client", "run_balance", "tune", "tune_to"]
