#!/usr/bin/env bash
# Mounts the backup NAS exports on a DAW workstation.
# Export list lives in a small JSON file next to this script so all rooms
# mount the same shares at the same paths.
set -euo pipefail

CONF="${NAS_CONF:-$(dirname "$0")/nas_shares.json}"
NAS_HOST="${NAS_HOST:-nas01.example.org}"
ACTION="mount"
ONLY=""

usage() {
    echo "usage: $(basename "$0") [mount|umount|status] [--only NAME] [--conf FILE]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        mount|umount|status) ACTION="$1"; shift ;;
        --only) ONLY="$2"; shift 2 ;;
        --conf) CONF="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

say() { printf '[nas] %s\n' "$*"; }

if [[ ! -f "$CONF" ]]; then
    say "no config at $CONF, using defaults"
    CONF_JSON='{"shares":[{"name":"projects","export":"/volume1/projects","mountpoint":"/mnt/nas/projects","opts":"rw,hard,vers=4.1"},{"name":"library","export":"/volume1/samples","mountpoint":"/mnt/nas/library","opts":"ro,vers=4.1"}]}'
else
    CONF_JSON=$(cat "$CONF")
fi

# python turns the JSON into tab-separated lines that the shell loop reads
SHARES=$(CONF_JSON="$CONF_JSON" ONLY="$ONLY" python3 -c '
import json, os, sys
try:
    data = json.loads(os.environ["CONF_JSON"])
except ValueError as exc:
    sys.exit(f"bad config: {exc}")
only = os.environ.get("ONLY")
for s in data.get("shares", []):
    if only and s.get("name") != only:
        continue
    name = s.get("name", "?")
    if not s.get("mountpoint", "").startswith("/mnt/nas/"):
        print(f"skipping {name}: mountpoint outside /mnt/nas", file=sys.stderr)
        continue
    print("\t".join([s["name"], s["export"], s["mountpoint"], s.get("opts", "rw")]))
')

if [[ -z "$SHARES" ]]; then
    say "no shares selected"
    exit 1
fi

if ! getent hosts "$NAS_HOST" >/dev/null; then
    say "cannot resolve $NAS_HOST"
    exit 1
fi

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

rc=0
while IFS=$'\t' read -r name export mp opts; do
    case "$ACTION" in
        status)
            if mountpoint -q "$mp"; then say "$name: mounted at $mp"; else say "$name: not mounted"; fi
            ;;
        mount)
            if mountpoint -q "$mp"; then
                say "$name already mounted"
                continue
            fi
            $SUDO mkdir -p "$mp"
            if $SUDO mount -t nfs4 -o "$opts" "${NAS_HOST}:${export}" "$mp"; then
                say "$name mounted at $mp ($opts)"
            else
                say "$name: mount failed"
                rc=1
            fi
            ;;
        umount)
            if mountpoint -q "$mp"; then
                $SUDO umount "$mp" && say "$name unmounted" || rc=1
            fi
            ;;
    esac
done <<< "$SHARES"

exit $rc
