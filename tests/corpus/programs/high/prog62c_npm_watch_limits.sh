#!/bin/sh
# node-dev-limits: prepare a Linux workstation for large JS monorepos.
# `npm run dev` with webpack/vite/jest --watch dies with
# "ENOSPC: System limit for number of file watchers reached" on stock kernels.
# This raises the inotify limits now and keeps them across reboots.
set -eu

WATCHES="${WATCHES:-524288}"
INSTANCES="${INSTANCES:-1024}"
CONF="/etc/sysctl.d/60-node-file-watchers.conf"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-w max_user_watches] [-i max_user_instances]"
    exit 2
}

while getopts "nw:i:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        w) WATCHES="$OPTARG" ;;
        i) INSTANCES="$OPTARG" ;;
        *) usage ;;
    esac
done

say() { printf '[node-dev-limits] %s\n' "$*"; }

current() {
    # $1 is the sysctl key, e.g. fs.inotify.max_user_watches
    cat "/proc/sys/$(echo "$1" | tr . /)" 2>/dev/null || echo 0
}

elevate() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
        return 0
    fi
    if [ "$(id -u)" -ne 0 ]; then
        sudo "$@"
    else
        "$@"
    fi
}

count_node_projects() {
    find "${HOME}" -maxdepth 4 -name package.json -not -path '*/node_modules/*' 2>/dev/null | wc -l
}

[ "$(uname -s)" = "Linux" ] || { say "not Linux, nothing to do"; exit 0; }

say "found $(count_node_projects) package.json files under $HOME"

changes=""
for pair in "fs.inotify.max_user_watches=$WATCHES" "fs.inotify.max_user_instances=$INSTANCES"; do
    key=${pair%%=*}
    want=${pair#*=}
    have=$(current "$key")
    if [ "$have" -ge "$want" ]; then
        say "$key is $have (>= $want), fine"
        continue
    fi
    say "$key is $have, raising to $want"
    elevate sysctl -w "$key=$want" >/dev/null
    changes="$changes$key = $want
"
done

if [ -z "$changes" ]; then
    say "limits already sufficient"
    exit 0
fi

say "persisting to $CONF"
if [ "$DRY_RUN" -eq 1 ]; then
    printf '%s' "$changes"
else
    printf '# managed by node-dev-limits\n%s' "$changes" | elevate tee "$CONF" >/dev/null
    elevate sysctl --system >/dev/null
fi
say "done; restart your dev servers"
