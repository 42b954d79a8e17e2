import type { ReferralEntry } from '@titans/shared/referrals/schemas';

export interface ReferralRow {
  friend: {
    id: string;
    username: string;
    firstName: string;
    lastName: string;
    profilePicture: string;
    createdAt: Date;
  };
  referral: { id: string; earned: number; createdAt: Date } | null;
}

/** One friend as the referral list shows them: public fields only (decisions: D-AUTH-4). */
export function referralEntryView({ friend, referral }: ReferralRow): ReferralEntry {
  const name = [friend.firstName, friend.lastName].filter(Boolean).join(' ');
  const entry: ReferralEntry = {
    _id: referral?.id ?? friend.id,
    username: friend.username,
    name,
    profile_picture: friend.profilePicture,
    createdAt: (referral?.createdAt ?? friend.createdAt).toISOString(),
    status: referral ? 'credited' : 'pending',
  };
  if (referral) entry.referral_earnings = referral.earned;
  return entry;
}
