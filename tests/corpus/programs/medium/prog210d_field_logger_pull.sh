#!/usr/bin/env bash
# Pull the day's files from the field data loggers, merge them and push the
# merged file to the regional archive.
set -uo pipefail

LOGGERS="${TG_LOGGERS:-192.0.2.11 192.0.2.12 192.0.2.13 192.0.2.14}"
ARCHIVE_URL="${TG_ARCHIVE_URL:-https://archive.example.org/ingest/daily}"
STAGE="/tmp/tg_pull"
DAY="$(date -u +%Y%m%d)"
OUT="./merged"

log() { printf '%s pull: %s\n' "$(date -u +%T)" "$*" >&2; }

while getopts ":d:o:" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        *) echo "usage: $0 [-d YYYYMMDD] [-o outdir]" >&2; exit 64 ;;
    esac
done

mkdir -p "$STAGE" "$OUT"
rm -f "$STAGE"/*.csv

pulled=0
for ip in $LOGGERS; do
    f="$STAGE/${ip}_${DAY}.csv"
    # the loggers only speak anonymous FTP
    if curl -s --max-time 60 -o "$f" "ftp://${ip}/data/${DAY}.csv"; then
        log "got $(wc -l <"$f") lines from $ip"
        pulled=$((pulled + 1))
    else
        log "logger $ip did not answer"
        rm -f "$f"
    fi
done

if (( pulled == 0 )); then
    log "nothing pulled"
    exit 1
fi

merged="$OUT/tide_${DAY}.csv"
STAGE="$STAGE" python3 - "$merged" <<'PY'
import csv, glob, os, sys
rows, bad = [], 0
for path in sorted(glob.glob(os.path.join(os.environ["STAGE"], "*.csv"))):
    station = os.path.basename(path).split("_")[0]
    with open(path, newline="") as fh:
        for rec in csv.reader(fh):
            if len(rec) < 2 or rec[0].startswith("#"):
                continue
            try:
                level = float(rec[1])
            except ValueError:
                bad += 1
                continue
            if -10.0 < level < 15.0:
                rows.append((rec[0], station, f"{level:.3f}"))
            else:
                bad += 1
rows.sort()
with open(sys.argv[1], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["time_utc", "logger", "level_m"])
    w.writerows(rows)
print(f"{len(rows)} rows, {bad} rejected", file=sys.stderr)
PY

# the archive still runs on a self-signed certificate
if curl -sk --max-time 120 -F "day=$DAY" -F "file=@$merged" "$ARCHIVE_URL" >/dev/null; then
    log "pushed $merged"
else
    log "push failed, file kept in $OUT"
    exit 2
fi
