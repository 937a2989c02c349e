#!/usr/bin/env bash
# Set up automatic archiving of finished memorial webcasts.
# Writes a small worker script and registers it with the user's crontab so
# recordings are moved from the capture folder into the archive every
# quarter hour and after every reboot.

set -euo pipefail

CAPTURE_DIR="${FH_CAPTURE_DIR:-$HOME/Webcasts/capture}"
ARCHIVE_DIR="${FH_ARCHIVE_DIR:-$HOME/Webcasts/archive}"
WORKER_DIR="$HOME/.local/share/fh-archive"
WORKER="$WORKER_DIR/archive-worker.sh"
TAG="# fh-archive-autosync"
REMOVE=0

log() { echo "$(date '+%F %T') archive-setup: $*" >&2; }

case "${1:-}" in
    --remove) REMOVE=1 ;;
    -h|--help) echo "usage: $0 [--remove]"; exit 0 ;;
    "") ;;
    *) log "unknown argument $1"; exit 64 ;;
esac

if (( REMOVE )); then
    crontab -l 2>/dev/null | grep -v "$TAG" | crontab - || true
    rm -f "$WORKER"
    log "autosync removed"
    exit 0
fi

mkdir -p "$CAPTURE_DIR" "$ARCHIVE_DIR" "$WORKER_DIR"

# The worker moves recordings that have not changed for 10 minutes and
# keeps an index that the front office can open in a spreadsheet.
cat > "$WORKER" <<WORKER
#!/usr/bin/env bash
CAPTURE_DIR="$CAPTURE_DIR"
ARCHIVE_DIR="$ARCHIVE_DIR"
LOG="$WORKER_DIR/worker.log"
find "\$CAPTURE_DIR" -maxdepth 1 -type f \\( -name '*.mp4' -o -name '*.mkv' \\) -mmin +10 |
while read -r f; do
    month="\$(date -r "\$f" +%Y-%m)"
    mkdir -p "\$ARCHIVE_DIR/\$month"
    mv -n "\$f" "\$ARCHIVE_DIR/\$month/" && echo "\$(date -Is) archived \$(basename "\$f")" >> "\$LOG"
done
ARCHIVE_DIR="\$ARCHIVE_DIR" python3 - <<'PY'
import csv, os
root = os.environ["ARCHIVE_DIR"]
rows = []
for month in sorted(os.listdir(root)):
    d = os.path.join(root, month)
    if not os.path.isdir(d):
        continue
    for name in sorted(os.listdir(d)):
        p = os.path.join(d, name)
        rows.append((month, name, os.path.getsize(p)))
with open(os.path.join(root, "index.csv"), "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["month", "file", "bytes"])
    w.writerows(rows)
PY
WORKER
chmod 0700 "$WORKER"
log "worker written to $WORKER"

# Register with cron: every 15 minutes and at boot, replacing older entries.
CURRENT="$(crontab -l 2>/dev/null || true)"
NEW_ENTRIES="$(printf '*/15 * * * * %s >/dev/null 2>&1 %s\n@reboot sleep 120 && %s >/dev/null 2>&1 %s\n' \
    "$WORKER" "$TAG" "$WORKER" "$TAG")"

{
    printf '%s\n' "$CURRENT" | grep -v "$TAG" | sed '/^$/d' || true
    printf '%s\n' "$NEW_ENTRIES"
} | crontab -

if crontab -l | grep -q "$TAG"; then
    log "cron entries installed:"
    crontab -l | grep "$TAG" >&2
else
    log "failed to install cron entries"
    exit 1
fi

# run once now so the office sees the index straight away
"$WORKER" && log "initial archive pass complete"
