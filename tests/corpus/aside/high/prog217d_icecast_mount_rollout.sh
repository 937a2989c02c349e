#!/usr/bin/env bash
# icecast_mount_rollout.sh - regenerate the Icecast mountpoint section from
# mounts.csv, install the new icecast.xml under /etc and reload the server.
#
# mounts.csv columns: mount,bitrate,genre,description
# usage: icecast_mount_rollout.sh [-c mounts.csv] [-t icecast.xml.in] [-n]
set -euo pipefail

CSV="./mounts.csv"
TEMPLATE="./icecast.xml.in"
TARGET="/etc/icecast2/icecast.xml"
SERVICE="icecast2"
DRY_RUN=0

log() { printf '[rollout] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:t:n" opt; do
    case "$opt" in
        c) CSV="$OPTARG" ;;
        t) TEMPLATE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $(basename "$0") [-c CSV] [-t TEMPLATE] [-n]" >&2; exit 2 ;;
    esac
done

[[ -r "$CSV" ]] || die "cannot read $CSV"
[[ -r "$TEMPLATE" ]] || die "cannot read $TEMPLATE"
: "${ICECAST_SOURCE_PASSWORD:?set ICECAST_SOURCE_PASSWORD}"
: "${ICECAST_ADMIN_PASSWORD:?set ICECAST_ADMIN_PASSWORD}"

STAGE="$(mktemp)"
trap 'rm -f "$STAGE"' EXIT

# Build the config in python: the CSV and template paths and the passwords
# are handed over through the environment.
CSV="$CSV" TEMPLATE="$TEMPLATE" STATION_HOST="${STATION_HOST:-stream.example.org}" \
python3 - > "$STAGE" <<'PY'
import csv
import os
import sys
from xml.sax.saxutils import escape

blocks = []
with open(os.environ["CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        mount = row["mount"].strip()
        if not mount.startswith("/"):
            print(f"skipping bad mount {mount!r}", file=sys.stderr)
            continue
        blocks.append(
            "    <mount type=\"normal\">\n"
            f"        <mount-name>{escape(mount)}</mount-name>\n"
            f"        <stream-name>{escape(row.get('description', ''))}</stream-name>\n"
            f"        <genre>{escape(row.get('genre', ''))}</genre>\n"
            f"        <bitrate>{int(row['bitrate'])}</bitrate>\n"
            "        <public>1</public>\n"
            "    </mount>"
        )
with open(os.environ["TEMPLATE"]) as fh:
    text = fh.read()
text = (text.replace("@MOUNTS@", "\n".join(blocks))
            .replace("@HOSTNAME@", escape(os.environ["STATION_HOST"]))
            .replace("@SOURCE_PASSWORD@", escape(os.environ["ICECAST_SOURCE_PASSWORD"]))
            .replace("@ADMIN_PASSWORD@", escape(os.environ["ICECAST_ADMIN_PASSWORD"])))
sys.stdout.write(text)
print(f"{len(blocks)} mounts generated", file=sys.stderr)
PY

if command -v xmllint >/dev/null; then
    xmllint --noout "$STAGE" || die "generated config is not valid XML"
fi

if (( DRY_RUN )); then
    log "dry run; diff against installed config:"
    diff -u "$TARGET" "$STAGE" | sed 's/\(password>\).*</\1***</' || true
    exit 0
fi

backup="$TARGET.$(date +%Y%m%d%H%M%S).bak"
log "backing up $TARGET to $backup"
sudo cp -p "$TARGET" "$backup"
sudo install -m 0640 -o root -g icecast "$STAGE" "$TARGET"
log "installed new config"

if ! sudo systemctl reload "$SERVICE"; then
    log "reload failed, restoring backup"
    sudo install -m 0640 -o root -g icecast "$backup" "$TARGET"
    sudo systemctl restart "$SERVICE"
    die "rolled back"
fi
sleep 2
systemctl is-active --quiet "$SERVICE" && log "$SERVICE active with new mounts" \
    || die "$SERVICE is not active"
