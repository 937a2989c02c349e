#!/usr/bin/env bash
# Compile gettext catalogs of this checkout into ./build/locale and write a
# translation-coverage report for the docs team.
#
# usage: po_catalog_build.sh [-d DOMAIN] [-p PODIR] [-m MIN_PERCENT] [build|report|clean]

set -euo pipefail

DOMAIN="screenhelper"
PODIR="po"
BUILD_DIR="build/locale"
REPORT="build/po-coverage.md"
MIN_PERCENT=60

log()  { printf '[po-build] %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":d:p:m:h" opt; do
    case "$opt" in
        d) DOMAIN="$OPTARG" ;;
        p) PODIR="$OPTARG" ;;
        m) MIN_PERCENT="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
shift $((OPTIND - 1))
ACTION="${1:-build}"

case "$PODIR" in
    /*|*..*) die "PODIR must be a relative path inside the project" ;;
esac

command -v msgfmt >/dev/null 2>&1 || die "msgfmt not found (install gettext)"

# msgfmt --statistics prints e.g. "41 translated messages, 3 fuzzy translations, 2 untranslated messages."
parse_stats() {
    local line="$1" t=0 f=0 u=0
    [[ $line =~ ([0-9]+)\ translated ]] && t="${BASH_REMATCH[1]}"
    [[ $line =~ ([0-9]+)\ fuzzy ]] && f="${BASH_REMATCH[1]}"
    [[ $line =~ ([0-9]+)\ untranslated ]] && u="${BASH_REMATCH[1]}"
    printf '%s %s %s\n' "$t" "$f" "$u"
}

build_catalogs() {
    local po lang out stats t f u total pct failed=0
    mkdir -p "$BUILD_DIR"
    {
        printf '# Translation coverage for `%s`\n\n' "$DOMAIN"
        printf '| language | translated | fuzzy | untranslated | coverage |\n'
        printf '|---|---:|---:|---:|---:|\n'
    } > "$REPORT"

    shopt -s nullglob
    for po in "$PODIR"/*.po; do
        lang="$(basename "$po" .po)"
        out="$BUILD_DIR/$lang/LC_MESSAGES/$DOMAIN.mo"
        mkdir -p "$(dirname "$out")"
        if ! stats="$(msgfmt --check --statistics -o "$out" "$po" 2>&1)"; then
            log "$lang: msgfmt failed"
            printf '%s\n' "$stats" >&2
            failed=$((failed + 1))
            continue
        fi
        read -r t f u < <(parse_stats "$stats")
        total=$((t + f + u))
        pct=0
        (( total > 0 )) && pct=$((100 * t / total))
        printf '| %s | %d | %d | %d | %d%% |\n' "$lang" "$t" "$f" "$u" "$pct" >> "$REPORT"
        if (( pct < MIN_PERCENT )); then
            log "$lang: only ${pct}% translated (threshold ${MIN_PERCENT}%)"
        else
            log "$lang: ok (${pct}%)"
        fi
    done
    shopt -u nullglob
    log "report written to $REPORT"
    return "$failed"
}

case "$ACTION" in
    build)
        build_catalogs || die "some catalogs failed to compile"
        ;;
    report)
        [[ -f "$REPORT" ]] || build_catalogs
        cat "$REPORT"
        ;;
    clean)
        log "removing $BUILD_DIR and $REPORT"
        rm -rf -- "./$BUILD_DIR"
        rm -f -- "./$REPORT"
        ;;
    *)
        usage 2
        ;;
esac
