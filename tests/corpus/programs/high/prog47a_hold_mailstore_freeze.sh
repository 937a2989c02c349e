#!/usr/bin/env bash
# Apply a preservation freeze to custodians' local mail stores on the
# shared mail host: mark each Maildir append-only so messages cannot be
# expunged while the legal hold is active, and record what was frozen.
# Use --release to lift the freeze when the hold is released.
set -euo pipefail

HOLD_LIST="${HOLD_LIST:-./holds/active_custodians.txt}"
MAIL_ROOT="${MAIL_ROOT:-/home}"
RECORD="./holds/freeze_record.tsv"
MODE="freeze"

die() { echo "error: $*" >&2; exit 1; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --release) MODE="release" ;;
            --list) HOLD_LIST="$2"; shift ;;
            -h|--help) echo "usage: $0 [--release] [--list FILE]"; exit 0 ;;
            *) die "unknown option $1" ;;
        esac
        shift
    done
}

maildir_for() {
    local user="$1"
    local candidate="$MAIL_ROOT/$user/Maildir"
    [[ -d "$candidate" ]] && echo "$candidate"
}

apply_flag() {
    local dir="$1" flag
    if [[ "$MODE" == "freeze" ]]; then flag="+a"; else flag="-a"; fi
    # cur/ and new/ hold delivered mail; tmp/ must stay writable for delivery
    for sub in cur new; do
        [[ -d "$dir/$sub" ]] || continue
        sudo -n chattr -R "$flag" "$dir/$sub"
    done
}

verify_flag() {
    local dir="$1"
    lsattr -d "$dir/cur" 2>/dev/null | awk '{print $1}'
}

main() {
    parse_args "$@"
    [[ -r "$HOLD_LIST" ]] || die "cannot read $HOLD_LIST"
    sudo -n true 2>/dev/null || die "passwordless sudo required for chattr"
    mkdir -p "$(dirname "$RECORD")"

    local count=0
    while IFS= read -r user; do
        user="${user%%#*}"; user="${user// /}"
        [[ -z "$user" ]] && continue
        if ! id "$user" >/dev/null 2>&1; then
            echo "skip: no such account $user" >&2
            continue
        fi
        dir="$(maildir_for "$user" || true)"
        if [[ -z "$dir" ]]; then
            echo "skip: $user has no Maildir" >&2
            continue
        fi
        apply_flag "$dir"
        attrs="$(verify_flag "$dir")"
        printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$MODE" "$user" "$attrs" >> "$RECORD"
        count=$((count + 1))
    done < "$HOLD_LIST"

    echo "$MODE applied to $count mail stores; see $RECORD"
}

main "$@"
