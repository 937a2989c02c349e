#!/usr/bin/env bash
# Adds kernel parameters needed by the GPU nodes and regenerates grub.
set -euo pipefail

PARAMS=${PARAMS:-"iommu=pt intel_iommu=on"}
DEFAULTS=/etc/default/grub

current=$(grep '^GRUB_CMDLINE_LINUX_DEFAULT=' "$DEFAULTS" | cut -d'"' -f2)
for p in $PARAMS; do
  case " $current " in
    *" $p "*) ;;
    *) current="$current $p" ;;
  esac
done

sed -i "s|^GRUB_CMDLINE_LINUX_DEFAULT=.*|GRUB_CMDLINE_LINUX_DEFAULT=\"${current# }\"|" "$DEFAULTS"
update-grub
echo "kernel command line: $current (reboot to apply)"
