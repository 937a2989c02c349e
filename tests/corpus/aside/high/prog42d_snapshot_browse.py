#!/usr/bin/env python3
"""Browse an EBS snapshot from the current EC2 instance.

Creates a volume from the snapshot in this instance's AZ, attaches it,
mounts the first partition read-only under /mnt/snap-<id>, copies the
requested paths into ./recovered/, then unmounts, detaches and deletes the
temporary volume.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
import urllib.request

import boto3

log = logging.getLogger("snapshot_browse")
IMDS = "http://169.254.169.254/latest"


def imds(path):
    tok_req = urllib.request.Request(f"{IMDS}/api/token", method="PUT",
                                     headers={"X-aws-ec2-metadata-token-ttl-seconds": "60"})
    token = urllib.request.urlopen(tok_req, timeout=2).read().decode()
    req = urllib.request.Request(f"{IMDS}/meta-data/{path}",
                                 headers={"X-aws-ec2-metadata-token": token})
    return urllib.request.urlopen(req, timeout=2).read().decode()


def privileged(*cmd):
    full = list(cmd) if os.geteuid() == 0 else ["sudo", "--", *cmd]
    log.debug("exec %s", " ".join(full))
    subprocess.run(full, check=True)


def wait_for_device(candidates, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        for dev in candidates:
            if os.path.exists(dev):
                return dev
        time.sleep(2)
    raise TimeoutError("attached volume never appeared")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("snapshot_id")
    ap.add_argument("paths", nargs="+", help="paths inside the snapshot to recover")
    ap.add_argument("--device", default="/dev/sdf")
    ap.add_argument("--keep-volume", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    instance_id = imds("instance-id")
    az = imds("placement/availability-zone")
    ec2 = boto3.client("ec2", region_name=az[:-1])

    vol = ec2.create_volume(SnapshotId=args.snapshot_id, AvailabilityZone=az,
                            VolumeType="gp3",
                            TagSpecifications=[{"ResourceType": "volume", "Tags": [
                                {"Key": "purpose", "Value": "snapshot-browse"}]}])
    vol_id = vol["VolumeId"]
    ec2.get_waiter("volume_available").wait(VolumeIds=[vol_id])
    ec2.attach_volume(VolumeId=vol_id, InstanceId=instance_id, Device=args.device)
    ec2.get_waiter("volume_in_use").wait(VolumeIds=[vol_id])
    log.info("attached %s as %s", vol_id, args.device)

    nvme = f"/dev/disk/by-id/nvme-Amazon_Elastic_Block_Store_{vol_id.replace('-', '')}-part1"
    device = wait_for_device([nvme, "/dev/xvdf1", args.device + "1"])
    mountpoint = f"/mnt/snap-{args.snapshot_id}"
    recovered = 0
    try:
        privileged("mkdir", "-p", mountpoint)
        privileged("mount", "-o", "ro,noexec,nosuid", device, mountpoint)
        os.makedirs("recovered", exist_ok=True)
        for rel in args.paths:
            src = os.path.join(mountpoint, rel.lstrip("/"))
            dst = os.path.join("recovered", rel.lstrip("/"))
            if not os.path.exists(src):
                log.warning("not in snapshot: %s", rel)
                continue
            os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
            if os.path.isdir(src):
                shutil.copytree(src, dst, dirs_exist_ok=True)
            else:
                shutil.copy2(src, dst)
            recovered += 1
    finally:
        subprocess.run(["sudo", "umount", mountpoint], check=False)
        ec2.detach_volume(VolumeId=vol_id)
        ec2.get_waiter("volume_available").wait(VolumeIds=[vol_id])
        if not args.keep_volume:
            ec2.delete_volume(VolumeId=vol_id)
    log.info("recovered %d of %d paths into ./recovered", recovered, len(args.paths))
    return 0 if recovered else 1


if __name__ == "__main__":
    sys.exit(main())
