"""s3ls: list buckets and objects with sizes, in the style of `ls -l`."""
from datetime import datetime

import boto3
import click
from botocore.exceptions import ClientError, NoCredentialsError


def human(size: int) -> str:
    value = float(size)
    for unit in ("B", "K", "M", "G", "T"):
        if value < 1024 or unit == "T":
            return f"{value:6.1f}{unit}"
        value /= 1024
    return f"{value:.1f}T"


def s3_client(profile: str | None, region: str | None):
    session = boto3.Session(profile_name=profile, region_name=region)
    return session.client("s3")


@click.group()
@click.option("--profile", envvar="AWS_PROFILE", help="AWS named profile")
@click.option("--region", default=None, help="AWS region")
@click.pass_context
def cli(ctx, profile, region):
    """List S3 buckets and objects."""
    ctx.obj = s3_client(profile, region)


@cli.command("buckets")
@click.pass_obj
def list_buckets(s3):
    """List all buckets in the account."""
    try:
        resp = s3.list_buckets()
    except NoCredentialsError:
        raise click.ClickException("no AWS credentials configured")
    for bucket in sorted(resp["Buckets"], key=lambda b: b["Name"]):
        created: datetime = bucket["CreationDate"]
        click.echo(f"{created:%Y-%m-%d}  {bucket['Name']}")


@cli.command("ls")
@click.argument("bucket")
@click.option("--prefix", default="", help="Only keys starting with this prefix")
@click.option("--recursive", "-r", is_flag=True, help="Do not group by '/'")
@click.option("--max-keys", default=1000, show_default=True)
@click.pass_obj
def list_objects(s3, bucket, prefix, recursive, max_keys):
    """List objects in BUCKET."""
    paginator = s3.get_paginator("list_objects_v2")
    params = {"Bucket": bucket, "Prefix": prefix, "PaginationConfig": {"MaxItems": max_keys}}
    if not recursive:
        params["Delimiter"] = "/"
    total_size = count = 0
    try:
        for page in paginator.paginate(**params):
            for common in page.get("CommonPrefixes", []):
                click.echo(f"{'':19} {'DIR':>7}  {common['Prefix']}")
            for obj in page.get("Contents", []):
                count += 1
                total_size += obj["Size"]
                click.echo(f"{obj['LastModified']:%Y-%m-%d %H:%M} {human(obj['Size'])}  {obj['Key']}")
    except ClientError as exc:
        raise click.ClickException(exc.response["Error"]["Message"])
    click.echo(f"-- {count} object(s), {human(total_size).strip()} total")


@cli.command("du")
@click.argument("bucket")
@click.option("--prefix", default="")
@click.pass_obj
def disk_usage(s3, bucket, prefix):
    """Sum object sizes under a prefix."""
    paginator = s3.get_paginator("list_objects_v2")
    total = count = 0
    for page in paginator.paginate(Bucket=bucket, Prefix=prefix):
        for obj in page.get("Contents", []):
            total += obj["Size"]
            count += 1
    click.echo(f"{human(total).strip()} in {count} object(s) under s3://{bucket}/{prefix}")


if __name__ == "__main__":
    cli()
