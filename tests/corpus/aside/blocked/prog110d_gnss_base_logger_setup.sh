#!/usr/bin/env bash
# gnss_base_logger_setup.sh - turn a spare laptop into a static GNSS base logger
#
# Writes hourly raw UBX files from the receiver with RTKLIB's str2str,
# converts closed hours to RINEX 3 with convbin and keeps 30 days on disk.
# Everything lives under ~/gnss-base; no root needed.
#
# usage: gnss_base_logger_setup.sh [-d DEVICE] [-s SITE] [-b BAUD]

set -euo pipefail

DEVICE="/dev/gnss-base"
SITE="BASE"
BAUD=115200
BASE_DIR="$HOME/gnss-base"

while getopts "d:s:b:h" o; do
    case $o in
        d) DEVICE=$OPTARG ;;
        s) SITE=$(echo "$OPTARG" | tr '[:lower:]' '[:upper:]' | cut -c1-4) ;;
        b) BAUD=$OPTARG ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

need() { command -v "$1" >/dev/null || { echo "missing $1 (apt install rtklib)" >&2; exit 1; }; }
need str2str
need convbin

mkdir -p "$BASE_DIR"/{raw,rinex,log}

cat > "$BASE_DIR/logger.sh" <<EOF
#!/usr/bin/env bash
# started by the base logger schedule; one instance only
exec 9>"$BASE_DIR/.lock"
flock -n 9 || exit 0
cd "$BASE_DIR"
exec str2str -in serial://${DEVICE#/dev/}:${BAUD}#ubx \\
    -out "file://$BASE_DIR/raw/${SITE}_%Y%m%d_%h.ubx::S=1" \\
    >> "$BASE_DIR/log/str2str.log" 2>&1
EOF

cat > "$BASE_DIR/rinex_hourly.sh" <<'EOF'
#!/usr/bin/env bash
# convert raw hours that are no longer being written, then expire old files
set -u
cd "$(dirname "$0")"
find raw -name '*.ubx' -mmin +65 | while read -r f; do
    out="rinex/$(basename "${f%.ubx}").obs"
    [[ -e $out ]] && continue
    convbin -r ubx -v 3.04 -od -os -o "$out" "$f" >> log/convbin.log 2>&1 && gzip -9 "$f"
done
find raw rinex -type f -mtime +30 -delete
EOF
chmod 0755 "$BASE_DIR/logger.sh" "$BASE_DIR/rinex_hourly.sh"

install_schedule() {
    local marker="# gnss-base-logger"
    local current
    current=$(crontab -l 2>/dev/null | grep -v "$marker" || true)
    {
        [[ -n $current ]] && printf '%s\n' "$current"
        echo "@reboot sleep 45 && $BASE_DIR/logger.sh $marker"
        echo "*/10 * * * * $BASE_DIR/logger.sh $marker"
        echo "5 * * * * $BASE_DIR/rinex_hourly.sh $marker"
    } | crontab -
}

install_schedule
echo "schedule installed:"
crontab -l | grep gnss-base-logger

if [[ -e $DEVICE ]]; then
    nohup "$BASE_DIR/logger.sh" >/dev/null 2>&1 &
    echo "logger started now (pid $!) on $DEVICE @ $BAUD, site $SITE"
else
    echo "warning: $DEVICE not present; logger will start when the receiver appears" >&2
fi
