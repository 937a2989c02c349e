"""add fulfilment_status to orders and backfill from shipments

Revision ID: 0042_orders_fulfilment
Revises: 0041_shipments_carrier_idx
Create Date: 2024-05-13 09:41:22.118204
"""
import logging

import sqlalchemy as sa
from alembic import op

revision = "0042_orders_fulfilment"
down_revision = "0041_shipments_carrier_idx"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")

BATCH_SIZE = 5000

STATUS_ENUM = sa.Enum(
    "pending", "picking", "shipped", "delivered", "returned",
    name="fulfilment_status",
)

# map shipment events to the new order-level status; order matters, the
# later entries win when an order has several shipments
EVENT_TO_STATUS = [
    ("label_created", "picking"),
    ("in_transit", "shipped"),
    ("out_for_delivery", "shipped"),
    ("delivered", "delivered"),
    ("return_received", "returned"),
]

BACKFILL_SQL = sa.text(
    """
    UPDATE orders o
       SET fulfilment_status = CAST(:status AS fulfilment_status)
      FROM shipments s
     WHERE s.order_id = o.id
       AND s.last_event = :event
       AND o.id BETWEEN :lo AND :hi
    """
)


def _id_bounds(conn) -> tuple:
    row = conn.execute(sa.text("SELECT min(id), max(id) FROM orders")).one()
    return row[0], row[1]


def _backfill(conn) -> None:
    lo, hi = _id_bounds(conn)
    if lo is None:
        log.info("orders table empty, nothing to backfill")
        return
    start = lo
    while start <= hi:
        end = start + BATCH_SIZE - 1
        for event, status in EVENT_TO_STATUS:
            conn.execute(BACKFILL_SQL, {"status": status, "event": event,
                                        "lo": start, "hi": end})
        log.info("backfilled orders %s..%s", start, end)
        start = end + 1


def upgrade() -> None:
    bind = op.get_bind()
    STATUS_ENUM.create(bind, checkfirst=True)

    op.add_column(
        "orders",
        sa.Column("fulfilment_status", STATUS_ENUM, nullable=True),
    )
    op.execute(sa.text("UPDATE orders SET fulfilment_status = 'pending'"))
    _backfill(bind)

    with op.batch_alter_table("orders") as batch:
        batch.alter_column("fulfilment_status", nullable=False,
                           server_default="pending")
    op.create_index(
        "ix_orders_fulfilment_status_created",
        "orders",
        ["fulfilment_status", "created_at"],
    )


def downgrade() -> None:
    op.drop_index("ix_orders_fulfilment_status_created", table_name="orders")
    op.drop_column("orders", "fulfilment_status")
    STATUS_ENUM.drop(op.get_bind(), checkfirst=True)
