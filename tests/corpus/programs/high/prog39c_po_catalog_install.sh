#!/usr/bin/env bash
# Compile gettext catalogs of this checkout and install them system-wide so
# the screen-reader helper picks up new translations without a repackage.
#
# usage: po_catalog_install.sh [-d DOMAIN] [-p PODIR] [-l LANG,...] [-n]

set -euo pipefail

DOMAIN="screenhelper"
PODIR="po"
STAGE_DIR="build/locale"
LOCALE_ROOT="/usr/share/locale"
ONLY_LANGS=""
DRY_RUN=0

log() { printf '[po-install] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ":d:p:l:nh" opt; do
    case "$opt" in
        d) DOMAIN="$OPTARG" ;;
        p) PODIR="$OPTARG" ;;
        l) ONLY_LANGS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,5p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

command -v msgfmt >/dev/null 2>&1 || die "msgfmt not found (install gettext)"

if [[ $EUID -eq 0 ]]; then
    AS_ROOT=()
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT=(sudo --)
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT=(doas)
else
    die "need root (sudo or doas) to write into $LOCALE_ROOT"
fi

run_root() {
    if (( DRY_RUN )); then
        log "would run: ${AS_ROOT[*]} $*"
    else
        "${AS_ROOT[@]}" "$@"
    fi
}

wanted_lang() {
    local lang="$1"
    [[ -z "$ONLY_LANGS" ]] && return 0
    [[ ",$ONLY_LANGS," == *",$lang,"* ]]
}

compile_one() {
    local po="$1" lang="$2" out="$STAGE_DIR/$2/LC_MESSAGES/$DOMAIN.mo"
    mkdir -p "$(dirname "$out")"
    msgfmt --check -o "$out" "$po"
    printf '%s\n' "$out"
}

install_one() {
    local staged="$1" lang="$2"
    local dest="$LOCALE_ROOT/$lang/LC_MESSAGES/$DOMAIN.mo"
    if [[ -f "$dest" ]] && cmp -s "$staged" "$dest"; then
        log "$lang: unchanged"
        return 0
    fi
    run_root install -D -m 0644 -o root -g root "$staged" "$dest"
    log "$lang: installed $dest"
}

main() {
    local po lang staged installed=0
    shopt -s nullglob
    local catalogs=("$PODIR"/*.po)
    shopt -u nullglob
    (( ${#catalogs[@]} )) || die "no .po files under $PODIR"

    for po in "${catalogs[@]}"; do
        lang="$(basename "$po" .po)"
        wanted_lang "$lang" || continue
        if ! staged="$(compile_one "$po" "$lang")"; then
            log "$lang: compile failed, not installing"
            continue
        fi
        install_one "$staged" "$lang"
        installed=$((installed + 1))
    done

    if (( installed > 0 )) && [[ -x /usr/bin/update-desktop-database ]]; then
        run_root /usr/bin/update-desktop-database -q || true
    fi
    log "done: $installed catalog(s) processed"
}

main "$@"
