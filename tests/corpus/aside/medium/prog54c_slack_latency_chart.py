"""Render the weekly latency chart and share it in Slack.

The collector job leaves its aggregated samples in ./cache/latency.pkl
(a dict of endpoint -> list of (timestamp, p95_ms)).  We plot them and upload
the PNG to the on-call channel with the bot token of this app.
"""
import argparse
import logging
import os
import pickle
import sys
from datetime import datetime
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from slack_sdk import WebClient  # noqa: E402
from slack_sdk.errors import SlackApiError  # noqa: E402

logger = logging.getLogger(__name__)


def load_samples(cache_file: Path) -> dict:
    with cache_file.open("rb") as fh:
        samples = pickle.load(fh)
    if not isinstance(samples, dict):
        raise ValueError(f"unexpected cache content: {type(samples).__name__}")
    return samples


def plot(samples: dict, out: Path, slo_ms: float) -> Path:
    fig, ax = plt.subplots(figsize=(10, 5), dpi=120)
    for endpoint, points in sorted(samples.items()):
        if not points:
            continue
        xs = [datetime.fromtimestamp(ts) for ts, _ in points]
        ys = [v for _, v in points]
        ax.plot(xs, ys, label=endpoint, linewidth=1.2)
    ax.axhline(slo_ms, color="red", linestyle="--", label=f"SLO {slo_ms:.0f} ms")
    ax.set_ylabel("p95 latency (ms)")
    ax.set_title("API p95 latency, last 7 days")
    ax.legend(loc="upper left", fontsize="small")
    fig.autofmt_xdate()
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)
    return out


def breaches(samples: dict, slo_ms: float) -> list:
    worst = []
    for endpoint, points in samples.items():
        peak = max((v for _, v in points), default=0)
        if peak > slo_ms:
            worst.append((endpoint, peak))
    return sorted(worst, key=lambda t: t[1], reverse=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", type=Path, default=Path("cache/latency.pkl"))
    ap.add_argument("--channel", default=os.getenv("ONCALL_CHANNEL_ID", "C04ONCALL"))
    ap.add_argument("--slo-ms", type=float, default=350.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        samples = load_samples(args.cache)
    except (OSError, ValueError, pickle.UnpicklingError) as exc:
        logger.error("cannot read %s: %s", args.cache, exc)
        return 1

    chart = plot(samples, Path("latency_week.png"), args.slo_ms)
    over = breaches(samples, args.slo_ms)
    comment = "Weekly p95 latency."
    if over:
        comment += " SLO breaches: " + ", ".join(f"`{e}` ({v:.0f} ms)" for e, v in over[:5])

    client = WebClient(token=os.environ["SLACK_BOT_TOKEN"])
    try:
        client.files_upload_v2(channel=args.channel, file=str(chart),
                               title="p95 latency (7d)", initial_comment=comment)
    except SlackApiError as err:
        logger.error("slack upload failed: %s", err.response.get("error"))
        return 1
    logger.info("chart shared in %s", args.channel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
