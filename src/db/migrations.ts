import type { Knex } from 'knex';
import * as createImages from '../../migrations/20261121000100_create_images.js';
import * as createHouses from '../../migrations/20261121000200_create_houses.js';
import * as createContactMessages from '../../migrations/20261121000300_create_contact_messages.js';
import * as createUsersAndSessions from '../../migrations/20261121000400_create_users_and_sessions.js';
import * as createUploadedImages from '../../migrations/20261121000500_create_uploaded_images.js';
import * as addContactDelivery from '../../migrations/20261121000600_add_contact_delivery.js';
import * as createSiteRevision from '../../migrations/20261121000700_create_site_revision.js';
import * as createHomesites from '../../migrations/20261122000100_create_homesites.js';
import * as createTours from '../../migrations/20261122000200_create_tours.js';
import * as addLeadContext from '../../migrations/20261122000300_add_lead_context.js';
import * as createLeadDeliveries from '../../migrations/20261122000400_create_lead_deliveries.js';
import * as indexLeads from '../../migrations/20261122000500_index_leads.js';
import * as createRateLimitHits from '../../migrations/20261122000600_create_rate_limit_hits.js';
import * as speedUpLeadSearch from '../../migrations/20261123000100_speed_up_lead_search.js';
import * as addUploadCleanups from '../../migrations/20261123000200_add_upload_cleanups.js';
import * as indexLeadFiltersById from '../../migrations/20261123000300_index_lead_filters_by_id.js';
import * as indexLeadsByHomesiteAndPlan from '../../migrations/20261126000100_index_leads_by_homesite_and_plan.js';
import * as createContent from '../../migrations/20261126000150_create_content.js';
import * as createTeam from '../../migrations/20261126000200_create_team.js';
import * as createSalesDesk from '../../migrations/20261126000300_create_sales_desk.js';
import * as createInterestListAndAgentRegistrations from '../../migrations/20261126000400_create_interest_list_and_agent_registrations.js';
import * as createFiles from '../../migrations/20261126000500_create_files.js';
import * as addLeadAutoAssign from '../../migrations/20261126000600_add_lead_auto_assign.js';
import * as createInterestUpdates from '../../migrations/20261126000700_create_interest_updates.js';
import * as addPasswordResetFingerprint from '../../migrations/20261127030100_add_password_reset_fingerprint.js';
import * as addInvitationWithdrawal from '../../migrations/20261127040100_add_invitation_withdrawal.js';
import * as addDisplayNames from '../../migrations/20261127060100_add_display_names.js';
import * as createAutoReplyTurns from '../../migrations/20261127060200_create_auto_reply_turns.js';
import * as createCommunities from '../../migrations/20261128010100_create_communities.js';
import * as createSitePlanFiles from '../../migrations/20261128020100_create_site_plan_files.js';
import * as createCommunityLeadTurns from '../../migrations/20261128030100_create_community_lead_turns.js';
import * as indexHomesitesByStatus from '../../migrations/20261128040100_index_homesites_by_status.js';
import * as addContactCommunityUnsure from '../../migrations/20261128060100_add_contact_community_unsure.js';
import * as indexLeadsByCommunity from '../../migrations/20261129050100_index_leads_by_community.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Migrations are imported statically rather than read from a folder at run time, so the bundled server
 * carries them and the same list works from source (tests) and from build/. Add each new file here.
 */
const migrations: Record<string, Migration> = {
  '20261121000100_create_images': createImages,
  '20261121000200_create_houses': createHouses,
  '20261121000300_create_contact_messages': createContactMessages,
  '20261121000400_create_users_and_sessions': createUsersAndSessions,
  '20261121000500_create_uploaded_images': createUploadedImages,
  '20261121000600_add_contact_delivery': addContactDelivery,
  '20261121000700_create_site_revision': createSiteRevision,
  '20261122000100_create_homesites': createHomesites,
  '20261122000200_create_tours': createTours,
  '20261122000300_add_lead_context': addLeadContext,
  '20261122000400_create_lead_deliveries': createLeadDeliveries,
  '20261122000500_index_leads': indexLeads,
  '20261122000600_create_rate_limit_hits': createRateLimitHits,
  '20261123000100_speed_up_lead_search': speedUpLeadSearch,
  '20261123000200_add_upload_cleanups': addUploadCleanups,
  '20261123000300_index_lead_filters_by_id': indexLeadFiltersById,
  '20261126000100_index_leads_by_homesite_and_plan': indexLeadsByHomesiteAndPlan,
  '20261126000150_create_content': createContent,
  '20261126000200_create_team': createTeam,
  '20261126000300_create_sales_desk': createSalesDesk,
  '20261126000400_create_interest_list_and_agent_registrations': createInterestListAndAgentRegistrations,
  '20261126000500_create_files': createFiles,
  '20261126000600_add_lead_auto_assign': addLeadAutoAssign,
  '20261126000700_create_interest_updates': createInterestUpdates,
  '20261127030100_add_password_reset_fingerprint': addPasswordResetFingerprint,
  '20261127040100_add_invitation_withdrawal': addInvitationWithdrawal,
  '20261127060100_add_display_names': addDisplayNames,
  '20261127060200_create_auto_reply_turns': createAutoReplyTurns,
  '20261128010100_create_communities': createCommunities,
  '20261128020100_create_site_plan_files': createSitePlanFiles,
  '20261128030100_create_community_lead_turns': createCommunityLeadTurns,
  '20261128040100_index_homesites_by_status': indexHomesitesByStatus,
  '20261128060100_add_contact_community_unsure': addContactCommunityUnsure,
  '20261129050100_index_leads_by_community': indexLeadsByCommunity,
};

/** Also for tests that step one migration up or down (knex's migrate.up / migrate.down). */
export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = Object.hasOwn(migrations, name) ? migrations[name] : undefined;
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}
