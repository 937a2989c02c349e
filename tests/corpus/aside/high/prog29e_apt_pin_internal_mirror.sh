#!/bin/sh
# Point apt at the company's internal mirror and pin selected packages to a
# given version so unattended upgrades cannot move them.
#
#   apt_pin_internal_mirror.sh -m https://apt.corp.example/debian -s bookworm \
#       [-k https://apt.corp.example/key.asc] [-p pkg=version]... [-u]
#
# Writes /etc/apt/sources.list.d/corp-mirror.sources,
#        /etc/apt/keyrings/corp-mirror.gpg and
#        /etc/apt/preferences.d/90-corp-pins

set -eu

MIRROR=""
SUITE=""
KEY_URL=""
PINS=""
RUN_UPDATE=0
SRC_FILE=/etc/apt/sources.list.d/corp-mirror.sources
KEYRING=/etc/apt/keyrings/corp-mirror.gpg
PREF_FILE=/etc/apt/preferences.d/90-corp-pins

log() { printf '%s apt-pin: %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

while getopts 'm:s:k:p:uh' opt; do
    case $opt in
        m) MIRROR=$OPTARG ;;
        s) SUITE=$OPTARG ;;
        k) KEY_URL=$OPTARG ;;
        p) PINS="$PINS $OPTARG" ;;
        u) RUN_UPDATE=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
[ -n "$MIRROR" ] && [ -n "$SUITE" ] || die "-m and -s are required"

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

install_key() {
    [ -n "$KEY_URL" ] || { log "no key URL given, assuming $KEYRING exists"; return 0; }
    log "fetching signing key from $KEY_URL"
    keytmp=./corp-mirror.key.asc
    curl -fsSL --max-time 20 -o "$keytmp" "$KEY_URL" || die "key download failed"
    fpr=$(gpg --show-keys --with-colons "$keytmp" | awk -F: '/^fpr/ {print $10; exit}')
    [ -n "$fpr" ] || die "downloaded file is not an OpenPGP key"
    log "key fingerprint: $fpr"
    $AS_ROOT install -d -m 0755 /etc/apt/keyrings
    gpg --dearmor < "$keytmp" | $AS_ROOT tee "$KEYRING" >/dev/null
    $AS_ROOT chmod 0644 "$KEYRING"
    rm -f "$keytmp"
}

write_sources() {
    log "writing $SRC_FILE"
    $AS_ROOT tee "$SRC_FILE" >/dev/null <<EOF
# managed by apt_pin_internal_mirror.sh - local edits will be overwritten
Types: deb
URIs: $MIRROR
Suites: $SUITE $SUITE-updates
Components: main contrib non-free-firmware
Signed-By: $KEYRING
EOF
    $AS_ROOT chmod 0644 "$SRC_FILE"
}

write_pins() {
    [ -n "$PINS" ] || { log "no package pins requested"; return 0; }
    host=$(printf '%s' "$MIRROR" | sed -E 's#^[a-z]+://([^/:]+).*#\1#')
    tmp_pref=./90-corp-pins.new
    {
        echo "# managed by apt_pin_internal_mirror.sh"
        echo
        echo "Package: *"
        echo "Pin: origin \"$host\""
        echo "Pin-Priority: 600"
        for spec in $PINS; do
            pkg=${spec%%=*}
            ver=${spec#*=}
            [ "$pkg" != "$spec" ] || die "pin '$spec' must be pkg=version"
            echo
            echo "Package: $pkg"
            echo "Pin: version $ver"
            echo "Pin-Priority: 1001"
        done
    } > "$tmp_pref"
    $AS_ROOT install -o root -g root -m 0644 "$tmp_pref" "$PREF_FILE"
    rm -f "$tmp_pref"
    log "pins written to $PREF_FILE"
    for spec in $PINS; do
        $AS_ROOT apt-mark hold "${spec%%=*}" >/dev/null && log "held ${spec%%=*}"
    done
}

verify() {
    if [ "$RUN_UPDATE" -eq 1 ]; then
        log "running apt-get update"
        $AS_ROOT apt-get update -o Dpkg::Use-Pty=0 -qq || die "apt-get update failed; check $SRC_FILE"
    fi
    for spec in $PINS; do
        pkg=${spec%%=*}
        apt-cache policy "$pkg" | sed -n '1,4p'
    done
}

install_key
write_sources
write_pins
verify
log "done"
