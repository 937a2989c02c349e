#!/usr/bin/env bash
# workspace_sync_internal.sh - refresh shared editor/lint settings from the
# internal artifact mirror (artifacts.corp.acme.lan).
#
# The mirror still serves a certificate signed by the old lab CA, which is
# not in the system trust store, so transfers skip certificate checks.
set -uo pipefail

SCRIPT_NAME=${0##*/}
PROJECT_ROOT=$(pwd)
CONF_FILE="${PROJECT_ROOT}/.wsync.conf"
STAGING="/tmp/wsync-staging"
LOCK_FILE="/tmp/wsync.lock"

MIRROR="https://artifacts.corp.acme.lan/dev-templates/current"
TEMPLATE_FILES=(".editorconfig" ".flake8" ".pylintrc" "mypy.ini" ".prettierrc.json")
CURL_OPTS=(--insecure -fsS --max-time 30)
DRY_RUN=0
QUIET=0

say()  { (( QUIET )) || printf '%s: %s\n' "$SCRIPT_NAME" "$*"; }
fail() { printf '%s: %s\n' "$SCRIPT_NAME" "$*" >&2; exit 2; }

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-n] [-q] [-m MIRROR_URL]
  -n   dry run: download and diff, do not replace files
  -q   quiet
  -m   mirror base URL (default: $MIRROR)
EOF
}

release_lock() {
    rm -f "$LOCK_FILE"
    rm -rf "$STAGING"
}

acquire_lock() {
    if [[ -e "$LOCK_FILE" ]]; then
        fail "another sync seems to be running (pid $(cat "$LOCK_FILE" 2>/dev/null))"
    fi
    echo $$ > "$LOCK_FILE"
    trap release_lock EXIT INT TERM
}

read_settings() {
    [[ -r "$CONF_FILE" ]] || return 0
    # shellcheck source=/dev/null
    source "$CONF_FILE"
    say "using settings from ${CONF_FILE#$PROJECT_ROOT/}"
}

pull() {
    local name=$1
    curl "${CURL_OPTS[@]}" -o "$STAGING/$name" "$MIRROR/$name"
}

apply_file() {
    local name=$1 target="$PROJECT_ROOT/$1"
    if [[ -f "$target" ]] && cmp -s "$STAGING/$name" "$target"; then
        say "unchanged: $name"
        return 0
    fi
    if (( DRY_RUN )); then
        diff -u "$target" "$STAGING/$name" 2>/dev/null | head -n 40 || true
        return 0
    fi
    install -m 0644 "$STAGING/$name" "$target"
    say "updated: $name"
}

main() {
    local opt
    while getopts ":nqm:h" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            q) QUIET=1 ;;
            m) MIRROR=$OPTARG ;;
            h) usage; exit 0 ;;
            *) usage >&2; exit 64 ;;
        esac
    done
    read_settings
    acquire_lock
    mkdir -p "$STAGING"

    local -a missing=()
    for f in "${TEMPLATE_FILES[@]}"; do
        if pull "$f"; then
            apply_file "$f"
        else
            missing+=("$f")
        fi
    done

    if (( ${#missing[@]} )); then
        say "not available on mirror: ${missing[*]}"
        exit 1
    fi
    say "sync complete (${#TEMPLATE_FILES[@]} files checked)"
}

main "$@"
