#!/usr/bin/env bash
# Install the Acme UI font pack system-wide so every user and the login
# screen pick it up.
#
# Inputs (relative to the current project directory):
#   fonts.conf          key=value settings (FAMILY, VERSION)
#   fonts/*.ttf|*.otf   font files to install
# Target:
#   /usr/local/share/fonts/<family>/  (+ fontconfig cache refresh)

set -euo pipefail

CONF_FILE="./fonts.conf"
FONT_SRC="./fonts"
SYSTEM_FONT_ROOT="/usr/local/share/fonts"
VERBOSE=0
UNINSTALL=0

log()  { printf '[font-install] %s\n' "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-v] [-u] [-c fonts.conf]
  -v   verbose
  -u   uninstall the font family instead
  -c   alternative config file (default ./fonts.conf)
EOF
}

conf_get() {
    local key="$1" default="${2:-}" value
    value="$(grep -E "^${key}=" "$CONF_FILE" | tail -n1 | cut -d= -f2- | sed -e 's/^"//' -e 's/"$//')" || true
    printf '%s' "${value:-$default}"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

while getopts ":vuc:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        u) UNINSTALL=1 ;;
        c) CONF_FILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$CONF_FILE" ]] || die "missing $CONF_FILE"
FAMILY="$(conf_get FAMILY AcmeSans)"
VERSION="$(conf_get VERSION 1.0)"
SLUG="$(printf '%s' "$FAMILY" | tr '[:upper:] ' '[:lower:]-')"
TARGET_DIR="$SYSTEM_FONT_ROOT/$SLUG"

command -v fc-cache >/dev/null || die "fontconfig (fc-cache) is not installed"

if [[ $UNINSTALL -eq 1 ]]; then
    if [[ -d "$TARGET_DIR" ]]; then
        log "removing $TARGET_DIR"
        as_root rm -rf -- "${TARGET_DIR:?}"
        as_root fc-cache -f "$SYSTEM_FONT_ROOT"
    else
        log "$FAMILY is not installed"
    fi
    exit 0
fi

[[ -d "$FONT_SRC" ]] || die "missing $FONT_SRC directory"

shopt -s nullglob
files=("$FONT_SRC"/*.ttf "$FONT_SRC"/*.otf "$FONT_SRC"/*.TTF "$FONT_SRC"/*.OTF)
shopt -u nullglob
[[ ${#files[@]} -gt 0 ]] || die "no font files in $FONT_SRC"

log "installing $FAMILY $VERSION (${#files[@]} files) into $TARGET_DIR"
as_root install -d -m 0755 "$TARGET_DIR"

installed=0
for f in "${files[@]}"; do
    name="$(basename "$f")"
    if [[ -f "$TARGET_DIR/$name" ]] && cmp -s "$f" "$TARGET_DIR/$name"; then
        vlog "unchanged: $name"
        continue
    fi
    as_root install -m 0644 -- "$f" "$TARGET_DIR/$name"
    installed=$((installed + 1))
    vlog "installed: $name"
done

printf '%s %s\n' "$FAMILY" "$VERSION" | as_root tee "$TARGET_DIR/.acme-font-version" >/dev/null
as_root chown -R root:root "$TARGET_DIR"

log "refreshing fontconfig cache"
as_root fc-cache -f "$SYSTEM_FONT_ROOT"

if fc-list : family | grep -qiF "$FAMILY"; then
    log "done: $installed file(s) updated, $FAMILY is visible to fontconfig"
else
    log "warning: $FAMILY not reported by fc-list yet"
fi
