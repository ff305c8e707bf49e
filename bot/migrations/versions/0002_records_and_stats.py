"""Fair deals, game records and stats: the seed's salt and the deal time on games, the server and role on each
result (backfilled from the games), indexes for /game history and /game stats, the stats switch per server and
the players who hid from leaderboards.

Revision ID: 0002
Revises: 0001
"""

from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('salt', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('started_at', sa.Float(), nullable=True))
        batch_op.create_index('ix_games_guild_status_finished', ['guild_id', 'status', 'finished_at'], unique=False)

    with op.batch_alter_table('results', schema=None) as batch_op:
        batch_op.add_column(sa.Column('guild_id', sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column('role', sa.String(length=32), nullable=True))
    # results written before this revision: their server is their game's
    op.execute('UPDATE results SET guild_id = (SELECT games.guild_id FROM games WHERE games.id = results.game_id)')
    with op.batch_alter_table('results', schema=None) as batch_op:
        batch_op.create_index('ix_results_board', ['guild_id', 'engine', 'user_id', 'won', 'game_id'], unique=False)
        batch_op.create_index('ix_results_player', ['guild_id', 'user_id', 'finished_at'], unique=False)

    with op.batch_alter_table('guild_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('stats_enabled', sa.Boolean(), nullable=True))

    op.create_table('stats_privacy',
    sa.Column('guild_id', sa.BigInteger(), nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('guild_id', 'user_id')
    )


def downgrade() -> None:
    op.drop_table('stats_privacy')
    with op.batch_alter_table('guild_settings', schema=None) as batch_op:
        batch_op.drop_column('stats_enabled')
    with op.batch_alter_table('results', schema=None) as batch_op:
        batch_op.drop_index('ix_results_player')
        batch_op.drop_index('ix_results_board')
        batch_op.drop_column('role')
        batch_op.drop_column('guild_id')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index('ix_games_guild_status_finished')
        batch_op.drop_column('started_at')
        batch_op.drop_column('salt')
