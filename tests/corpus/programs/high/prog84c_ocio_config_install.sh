#!/bin/sh
# ocio_config_install.sh - publish a show's OpenColorIO config to this
# workstation so Nuke, Resolve, Houdini and RV all read the same one.
#
# Usage: ocio_config_install.sh SHOW CONFIG_DIR [VERSION]
#   SHOW        show code, e.g. NGT
#   CONFIG_DIR  folder containing config.ocio and luts/
#   VERSION     defaults to the date
#
# Installs to /usr/local/share/ocio/<SHOW>/<VERSION> and repoints
# /etc/ocio/<SHOW> at it. Keeps the last three versions.
set -eu

PREFIX=/usr/local/share/ocio
LINKDIR=/etc/ocio
KEEP=3

msg() { printf 'ocio-install: %s\n' "$*" >&2; }
die() { msg "error: $*"; exit 1; }

[ $# -ge 2 ] || { sed -n '2,12p' "$0"; exit 2; }
SHOW=$1
SRC=$2
VERSION=${3:-$(date +%Y%m%d_%H%M)}

[ -f "$SRC/config.ocio" ] || die "$SRC/config.ocio not found"

if command -v ociocheck >/dev/null 2>&1; then
    msg "validating config"
    ociocheck --iconfig "$SRC/config.ocio" >/dev/null || die "ociocheck failed"
fi

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT="doas"
else
    AS_ROOT="sudo"
fi

DEST=$PREFIX/$SHOW/$VERSION
msg "installing $SHOW $VERSION -> $DEST"

$AS_ROOT install -d -m 0755 "$DEST" "$LINKDIR"
# cp -a would keep artist ownership; tar lets us normalise in one pass
tar -C "$SRC" -cf - . | $AS_ROOT tar -C "$DEST" --no-same-owner -xf -
$AS_ROOT chown -R root:root "$DEST"
$AS_ROOT find "$DEST" -type d -exec chmod 0755 {} +
$AS_ROOT find "$DEST" -type f -exec chmod 0644 {} +

$AS_ROOT ln -sfn "$DEST" "$LINKDIR/$SHOW"
msg "$LINKDIR/$SHOW now points at $VERSION"

prune() {
    n=0
    for d in $(ls -1dt "$PREFIX/$SHOW"/*/ 2>/dev/null); do
        n=$((n + 1))
        if [ $n -gt $KEEP ]; then
            msg "removing old version $(basename "$d")"
            $AS_ROOT rm -rf -- "$d"
        fi
    done
}
prune

printf '%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$SHOW" "$VERSION" >> ./ocio_installs.log
msg "done; set OCIO=$LINKDIR/$SHOW/config.ocio in the show launcher"
