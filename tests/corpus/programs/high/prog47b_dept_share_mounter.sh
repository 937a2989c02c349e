#!/bin/sh
# Mount the department CIFS shares listed in ./shares.conf using the
# invoking user's Kerberos ticket (sec=krb5, cruid), for engineering VMs that
# are not managed by autofs yet.
#
# shares.conf lines:   <name> //<server>/<share> [extra,mount,opts]
#   ./dept_share_mounter.sh mount | umount | status
set -eu

CONF="${SHARES_CONF:-./shares.conf}"
MOUNT_ROOT="/mnt/dept"
ACTION="${1:-mount}"
USER_ID="$(id -u)"
GROUP_ID="$(id -g)"

say() { printf '%s: %s\n' "dept-mounter" "$*" >&2; }

[ -r "$CONF" ] || { say "no $CONF"; exit 1; }
command -v mount.cifs >/dev/null 2>&1 || { say "cifs-utils not installed"; exit 1; }

if [ "$ACTION" = "mount" ] && ! klist -s 2>/dev/null; then
    say "no Kerberos ticket for $(id -un); run kinit first"
    exit 1
fi

is_mounted() {
    grep -qs " $1 cifs " /proc/mounts
}

rc=0
while read -r name unc opts; do
    case "$name" in ''|\#*) continue ;; esac
    target="$MOUNT_ROOT/$name"
    case "$ACTION" in
        mount)
            if is_mounted "$target"; then
                say "$name already mounted"
                continue
            fi
            sudo mkdir -p "$target"
            base="sec=krb5,cruid=$USER_ID,uid=$USER_ID,gid=$GROUP_ID,vers=3.1.1,file_mode=0640,dir_mode=0750"
            [ -n "${opts:-}" ] && base="$base,$opts"
            if sudo mount -t cifs "$unc" "$target" -o "$base"; then
                say "mounted $unc on $target"
            else
                say "FAILED to mount $unc"
                rc=1
            fi
            ;;
        umount)
            if is_mounted "$target"; then
                sudo umount "$target" && say "unmounted $target" || rc=1
            fi
            ;;
        status)
            if is_mounted "$target"; then
                printf '%-20s %-40s mounted\n' "$name" "$unc"
            else
                printf '%-20s %-40s -\n' "$name" "$unc"
            fi
            ;;
        *)
            say "unknown action $ACTION"; exit 64 ;;
    esac
done < "$CONF"

exit "$rc"
