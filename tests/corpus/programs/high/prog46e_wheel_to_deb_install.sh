#!/usr/bin/env bash
# wheel2deb-install.sh - wrap a pure-Python wheel into a minimal .deb and
# install it system-wide, so configuration management sees it as a normal
# Debian package (and `apt remove` works).
#
#   ./wheel2deb-install.sh dist/acme_agentlib-2.3.0-py3-none-any.whl
set -euo pipefail

WHEEL="${1:?usage: $0 WHEEL [MAINTAINER]}"
MAINTAINER="${2:-Release Engineering <releng@example.com>}"
PYVER="$(python3 -c 'import sys; print(f"{sys.version_info[0]}")')"
SITE_DIR="/usr/lib/python${PYVER}/dist-packages"
STAGE="$(mktemp -d "${TMPDIR:-/tmp}/w2d.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT

log() { echo ">> $*"; }

# pick whatever privilege helper this box has
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1 && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        pkexec "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo -- "$@"
    fi
}

wheel_field() {
    unzip -p "$WHEEL" '*.dist-info/METADATA' | sed -n "s/^$1: //p" | head -n1
}

deb_name() {
    printf 'python3-%s' "$(printf '%s' "$1" | tr 'A-Z_.' 'a-z--')"
}

[ -f "$WHEEL" ] || { echo "no such wheel: $WHEEL" >&2; exit 1; }
case "$WHEEL" in
    *-none-any.whl) ;;
    *) echo "only pure-Python wheels are supported" >&2; exit 1 ;;
esac

NAME="$(wheel_field Name)"
VERSION="$(wheel_field Version)"
SUMMARY="$(wheel_field Summary)"
PKG="$(deb_name "$NAME")"
log "packaging $NAME $VERSION as $PKG"

mkdir -p "$STAGE/root$SITE_DIR" "$STAGE/root/DEBIAN"
unzip -q "$WHEEL" -d "$STAGE/root$SITE_DIR"
find "$STAGE/root$SITE_DIR" -name '*.dist-info' -type d -exec sh -c '
    for d; do printf "debian\n" > "$d/INSTALLER"; done' _ {} +

DEPENDS="python3"
while IFS= read -r req; do
    dep="$(printf '%s' "$req" | sed 's/[ ;<>=!~\[].*//')"
    [ -n "$dep" ] && DEPENDS="$DEPENDS, $(deb_name "$dep")"
done < <(unzip -p "$WHEEL" '*.dist-info/METADATA' | sed -n 's/^Requires-Dist: //p' | grep -v 'extra ==' || true)

cat > "$STAGE/root/DEBIAN/control" <<EOF
Package: $PKG
Version: $VERSION
Architecture: all
Maintainer: $MAINTAINER
Depends: $DEPENDS
Section: python
Priority: optional
Description: ${SUMMARY:-$NAME}
 Repackaged from $(basename "$WHEEL").
EOF

DEB="./${PKG}_${VERSION}_all.deb"
dpkg-deb --root-owner-group --build "$STAGE/root" "$DEB" >/dev/null
log "built $DEB"

if [ "${NO_INSTALL:-0}" = "1" ]; then
    log "NO_INSTALL=1, leaving $DEB in place"
    exit 0
fi

log "installing $DEB (needs root)"
as_root dpkg -i "$DEB"
as_root python3 -m compileall -q "$SITE_DIR/$(printf '%s' "$NAME" | tr '-' '_')" || true
log "done: $(dpkg-query -W -f='${Package} ${Version}\n' "$PKG")"
