#!/usr/bin/env bash
# file_watcher_limits.sh - raise inotify limits for webpack/jest/vite watchers.
#
# Large monorepos exceed the default fs.inotify.max_user_watches (8192) and
# the dev servers fail with "ENOSPC: System limit for number of file watchers
# reached".  This script raises the limits now and makes them permanent.

set -euo pipefail

WATCHES="${WATCHES:-524288}"
INSTANCES="${INSTANCES:-1024}"
CONF_FILE="/etc/sysctl.d/60-dev-file-watchers.conf"
MODE="apply"

usage() {
    cat <<EOF
usage: $0 [--status] [--revert] [--watches N] [--instances N]
  --status      show the current limits and exit
  --revert      remove $CONF_FILE and reload defaults
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --status) MODE="status" ;;
        --revert) MODE="revert" ;;
        --watches) shift; WATCHES="$1" ;;
        --instances) shift; INSTANCES="$1" ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

for n in "$WATCHES" "$INSTANCES"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "not a number: $n" >&2; exit 2; }
done

current() {
    printf 'max_user_watches   = %s\n' "$(cat /proc/sys/fs/inotify/max_user_watches)"
    printf 'max_user_instances = %s\n' "$(cat /proc/sys/fs/inotify/max_user_instances)"
}

count_watchers() {
    # rough count of inotify instances held by this user's processes
    local total=0
    for fdinfo in /proc/[0-9]*/fdinfo/*; do
        [ -O "$fdinfo" ] || continue
        grep -q '^inotify' "$fdinfo" 2>/dev/null && total=$((total + 1))
    done 2>/dev/null
    echo "$total"
}

if [ "$(uname -s)" != "Linux" ]; then
    echo "inotify limits only apply to Linux" >&2
    exit 0
fi

if [ "$MODE" = "status" ]; then
    current
    echo "inotify instances in use by $(id -un): $(count_watchers)"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

if [ "$MODE" = "revert" ]; then
    if [ -f "$CONF_FILE" ]; then
        $SUDO rm -f "$CONF_FILE"
        $SUDO sysctl --system >/dev/null
        echo "removed $CONF_FILE"
    else
        echo "nothing to revert"
    fi
    current
    exit 0
fi

echo "before:"
current

$SUDO sysctl -w fs.inotify.max_user_watches="$WATCHES" >/dev/null
$SUDO sysctl -w fs.inotify.max_user_instances="$INSTANCES" >/dev/null

printf '# managed by file_watcher_limits.sh\nfs.inotify.max_user_watches = %s\nfs.inotify.max_user_instances = %s\n' \
    "$WATCHES" "$INSTANCES" | $SUDO tee "$CONF_FILE" >/dev/null
$SUDO chmod 0644 "$CONF_FILE"

echo "after:"
current
echo "persisted in $CONF_FILE"
