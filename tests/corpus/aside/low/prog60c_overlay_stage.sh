#!/bin/sh
# overlay_stage.sh - assemble the files/ overlay that the OpenWrt image builder
# copies into the root filesystem. Everything is written under the working
# directory (./overlay) and packed into ./out; nothing on this host is touched.

set -eu

PROJECT_DIR="$(pwd)"
OVERLAY="$PROJECT_DIR/overlay"
OUT_DIR="$PROJECT_DIR/out"
BUILD_TMP="$PROJECT_DIR/.stage-tmp"
SITE_CONF="${1:-./site.conf}"

NTP_SERVERS="0.pool.ntp.org 1.pool.ntp.org"
TIMEZONE="CET-1CEST,M3.5.0,M10.5.0/3"
HOSTNAME_PREFIX="ap"
BANNER_TEXT="Managed access point - property of the site network team"

say() { echo "[stage] $*"; }

load_site_conf() {
    # simple KEY=VALUE file; we read it line by line instead of sourcing it
    [ -f "$SITE_CONF" ] || { say "no $SITE_CONF, using defaults"; return 0; }
    while IFS='=' read -r key value; do
        case "$key" in
            ''|\#*) continue ;;
            NTP_SERVERS) NTP_SERVERS="$value" ;;
            TIMEZONE) TIMEZONE="$value" ;;
            HOSTNAME_PREFIX) HOSTNAME_PREFIX="$value" ;;
            BANNER_TEXT) BANNER_TEXT="$value" ;;
            *) say "ignoring unknown key $key" ;;
        esac
    done < "$SITE_CONF"
}

write_ntp() {
    f="$OVERLAY/etc/ntp.conf"
    : > "$f"
    for s in $NTP_SERVERS; do
        echo "server $s iburst" >> "$f"
    done
    echo "$TIMEZONE" > "$OVERLAY/etc/TZ"
    say "ntp: $(wc -l < "$f") servers"
}

write_banner() {
    {
        echo "-----------------------------------------------------"
        echo " $BANNER_TEXT"
        echo " built $(date -u '+%Y-%m-%dT%H:%MZ')"
        echo "-----------------------------------------------------"
    } > "$OVERLAY/etc/banner"
}

write_uci_defaults() {
    f="$OVERLAY/etc/uci-defaults/90-site-hostname"
    cat > "$f" <<UCI
#!/bin/sh
mac=\$(cat /sys/class/net/eth0/address | tr -d ':' | tail -c 7)
uci set system.@system[0].hostname="${HOSTNAME_PREFIX}-\$mac"
uci commit system
exit 0
UCI
    chmod 0755 "$f"
}

cleanup() {
    rm -rf "$BUILD_TMP"
}
trap cleanup EXIT INT TERM

load_site_conf
rm -rf "$OVERLAY"
mkdir -p "$OVERLAY/etc/uci-defaults" "$OUT_DIR" "$BUILD_TMP"

write_ntp
write_banner
write_uci_defaults

# the site secrets file is only for this checkout; keep it private
if [ -f "$PROJECT_DIR/site.secrets" ]; then
    chmod 0600 "$PROJECT_DIR/site.secrets"
fi

stamp=$(date '+%Y%m%d%H%M')
tar -C "$OVERLAY" -czf "$BUILD_TMP/overlay.tar.gz" .
mv "$BUILD_TMP/overlay.tar.gz" "$OUT_DIR/overlay-$stamp.tar.gz"
chmod 0600 "$OUT_DIR/overlay-$stamp.tar.gz"
say "overlay packed into $OUT_DIR/overlay-$stamp.tar.gz"
say "pass FILES=$OVERLAY to 'make image'"
