#!/usr/bin/env python
# coding: utf-8

# # Regional sales review (exported from regional_sales.ipynb)
#
# Weekly notebook used by the analytics team. Loads the order extract that
# the warehouse job drops into ./data, cleans it, computes KPIs per region
# and writes charts plus a CSV summary into ./reports.

# In[ ]:


import os
import json
import logging
from datetime import datetime
from pathlib import Path

import numpy as np
import pandas as pd
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("sales_nb")

DATA_DIR = Path("data")
REPORT_DIR = Path("reports")
REPORT_DIR.mkdir(exist_ok=True)

FX_URL = "https://api.frankfurter.app/latest?from=EUR"


# In[ ]:


orders = pd.read_csv(
    DATA_DIR / "orders_extract.csv",
    parse_dates=["order_date"],
    dtype={"region": "category", "channel": "category"},
)
log.info("loaded %d orders", len(orders))
orders.head()


# In[ ]:


def clean_orders(df: pd.DataFrame) -> pd.DataFrame:
    """Drop test accounts, negative quantities and obvious duplicates."""
    df = df.copy()
    df = df[~df["customer_email"].str.endswith("@example.test", na=False)]
    df = df[df["quantity"] > 0]
    df = df.drop_duplicates(subset=["order_id", "line_no"])
    df["revenue_eur"] = df["quantity"] * df["unit_price_eur"]
    df["week"] = df["order_date"].dt.to_period("W").dt.start_time
    return df


clean = clean_orders(orders)
log.info("kept %d of %d rows after cleaning", len(clean), len(orders))


# In[ ]:


def fetch_fx_rates(url: str) -> dict:
    """Public FX endpoint, used only to show USD equivalents in the chart titles."""
    try:
        import requests

        resp = requests.get(url, timeout=10)
        resp.raise_for_status()
        return resp.json().get("rates", {})
    except Exception as exc:  # notebook keeps going without FX
        log.warning("fx lookup failed: %s", exc)
        return {}


rates = fetch_fx_rates(FX_URL)
usd_rate = float(rates.get("USD", 1.0))


# In[ ]:


weekly = (
    clean.groupby(["week", "region"], observed=True)
    .agg(revenue=("revenue_eur", "sum"), orders=("order_id", "nunique"))
    .reset_index()
)
weekly["aov"] = weekly["revenue"] / weekly["orders"].replace(0, np.nan)
weekly["revenue_wow"] = weekly.groupby("region", observed=True)["revenue"].pct_change()
weekly.tail(10)


# In[ ]:


fig, axes = plt.subplots(2, 1, figsize=(11, 8), sharex=True)
for region, grp in weekly.groupby("region", observed=True):
    axes[0].plot(grp["week"], grp["revenue"] / 1000.0, label=str(region))
    axes[1].plot(grp["week"], grp["aov"], label=str(region))
axes[0].set_ylabel("Revenue (kEUR)")
axes[0].set_title(f"Weekly revenue by region (1 EUR = {usd_rate:.3f} USD)")
axes[1].set_ylabel("Average order value (EUR)")
axes[0].legend(loc="upper left", ncol=3)
fig.tight_layout()
chart_path = REPORT_DIR / "weekly_revenue.png"
fig.savefig(chart_path, dpi=120)
plt.close(fig)
log.info("chart written to %s", chart_path)


# In[ ]:


latest_week = weekly["week"].max()
snapshot = weekly[weekly["week"] == latest_week].sort_values("revenue", ascending=False)
kpis = {
    "generated_at": datetime.now().isoformat(timespec="seconds"),
    "week": str(latest_week.date()),
    "total_revenue_eur": round(float(snapshot["revenue"].sum()), 2),
    "total_revenue_usd": round(float(snapshot["revenue"].sum()) * usd_rate, 2),
    "top_region": str(snapshot.iloc[0]["region"]) if len(snapshot) else None,
    "regions": int(snapshot["region"].nunique()),
}
kpis


# In[ ]:


snapshot.to_csv(REPORT_DIR / f"snapshot_{kpis['week']}.csv", index=False)
with open(REPORT_DIR / "kpis.json", "w", encoding="utf-8") as fh:
    json.dump(kpis, fh, indent=2)

# keep the checkpoint folder from piling up old autosaves
for stale in Path(".ipynb_checkpoints").glob("*.ipynb"):
    if (datetime.now().timestamp() - stale.stat().st_mtime) > 14 * 86400:
        os.remove(stale)

log.info("notebook finished: %s", json.dumps(kpis))
