#!/usr/bin/env bash
# mount_journal_share.sh - mount the regional ATM journal archive share on
# a branch reconciliation workstation, check it, and list today's files.
#
# The share list lives in a small JSON file; python picks the entry for
# the requested region and hands the fields back one per line.
#
# Usage: mount_journal_share.sh [-r region] [-c shares.json] [-u]

set -euo pipefail

REGION="north"
SHARES_JSON="./journal_shares.json"
UNMOUNT=0
LOG_FILE="./mount_journal_share.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":r:c:uh" opt; do
    case "$opt" in
        r) REGION="$OPTARG" ;;
        c) SHARES_JSON="$OPTARG" ;;
        u) UNMOUNT=1 ;;
        h|*) sed -n '2,8p' "$0"; exit 0 ;;
    esac
done

if [[ ! -f "$SHARES_JSON" ]]; then
    cat > "$SHARES_JSON" <<'EOF'
{
  "north": {"server": "198.51.100.21", "export": "/exports/atm-journals/north",
            "mountpoint": "/mnt/atm-journals/north", "options": "ro,vers=4.1,soft"},
  "south": {"server": "198.51.100.22", "export": "/exports/atm-journals/south",
            "mountpoint": "/mnt/atm-journals/south", "options": "ro,vers=4.1,soft"}
}
EOF
    log "wrote default share list to $SHARES_JSON"
fi

share_fields() {
    SHARES_FILE="$SHARES_JSON" WANT_REGION="$REGION" python3 -c '
import json, os, re, sys
with open(os.environ["SHARES_FILE"]) as fh:
    shares = json.load(fh)
entry = shares.get(os.environ["WANT_REGION"])
if entry is None:
    sys.exit("unknown region")
for key in ("server", "export", "mountpoint", "options"):
    value = str(entry[key])
    if not re.fullmatch(r"[A-Za-z0-9._/,=:-]+", value):
        sys.exit("bad value for " + key)
    print(value)
'
}

fields="$(share_fields)" || { log "cannot read share for region $REGION"; exit 2; }
{
    read -r SHARE_SERVER
    read -r SHARE_EXPORT
    read -r SHARE_MOUNTPOINT
    read -r SHARE_OPTIONS
} <<< "$fields"

if [[ "$UNMOUNT" -eq 1 ]]; then
    if mountpoint -q "$SHARE_MOUNTPOINT"; then
        umount "$SHARE_MOUNTPOINT"
        log "unmounted $SHARE_MOUNTPOINT"
    else
        log "$SHARE_MOUNTPOINT not mounted"
    fi
    exit 0
fi

mkdir -p "$SHARE_MOUNTPOINT"
if mountpoint -q "$SHARE_MOUNTPOINT"; then
    log "$SHARE_MOUNTPOINT already mounted"
else
    log "mounting $SHARE_SERVER:$SHARE_EXPORT on $SHARE_MOUNTPOINT ($SHARE_OPTIONS)"
    if ! mount -t nfs -o "$SHARE_OPTIONS" "$SHARE_SERVER:$SHARE_EXPORT" "$SHARE_MOUNTPOINT"; then
        log "mount failed"
        exit 3
    fi
fi

today="$(date +%Y%m%d)"
count=0
while IFS= read -r f; do
    printf '  %s\n' "${f#$SHARE_MOUNTPOINT/}"
    count=$((count + 1))
done < <(find "$SHARE_MOUNTPOINT" -maxdepth 2 -type f -name "*${today}*" 2>/dev/null | sort)
log "$count journal file(s) for $today in region $REGION"
