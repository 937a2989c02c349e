import csv, argparse, logging, statistics
from pathlib import Path
log = logging.getLogger(__name__)
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    a = ap.parse_args()
    rows = list(csv.DictReader(Path(a.csv).open()))
    vals = [float(r["value"]) for r in rows if r.get("value")]
    log.info("rows %d", len(rows))
    print(statistics.mean(vals) if vals else 0)
main()
