import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { submissionErrors, type Submission } from '@shared/api/submission';
import { hasRank } from '@shared/domain/roles';
import {
  completenessScore,
  defaultPromotionStart,
  isImpactInOne,
  promotionLeadTimeError,
  submitBlockedReason,
  tierChannels,
} from '@shared/domain/request-rules';
import { TIER_DEFINITIONS } from '@shared/domain/tiers';
import type { Tier } from '@shared/domain/statuses';
import { LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toaster';
import { useCurrentUser } from '@web/features/auth/api/session';
import { ApiError } from '@web/lib/api';
import { duplicateSourceQuery } from '../api/get-duplicate-source';
import { activeMinistriesQuery } from '@web/lib/ministries';
import { useSubmitRequest } from '../api/submit-request';
import { AdditionalInfoSection } from '../components/additional-info-section';
import { DraftBanner, DuplicateBanner } from '../components/banners';
import { ChannelsSection } from '../components/channels-section';
import { CompletenessBar } from '../components/completeness-bar';
import { ContentDetailsSection } from '../components/content-details-section';
import { DesignDirectionSection } from '../components/design-direction-section';
import { EventDetailsSection } from '../components/event-details-section';
import { FilesSection } from '../components/files-section';
import { KeyInformationSection } from '../components/key-information-section';
import { OnBehalfSection } from '../components/on-behalf-section';
import { PlanningCenterSection } from '../components/planning-center-section';
import { useDraft } from '../hooks/use-draft';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { churchToday, EMPTY_VALUES, formResolver, type FormValues, type RequestForm } from '../lib/form-values';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The new-request form (spec 001 section 2). The route guard admits requesters and above. */
export function Component() {
  const user = useCurrentUser();
  if (!user) return <LoadingState />;
  return <NewRequestForm user={user} />;
}

type CurrentUser = NonNullable<ReturnType<typeof useCurrentUser>>;

function NewRequestForm({ user }: { user: CurrentUser }) {
  const [params] = useSearchParams();
  const duplicateId = params.get('duplicate');
  const navigate = useNavigate();
  const form = useForm<FormValues, unknown, Submission>({
    defaultValues: EMPTY_VALUES,
    resolver: formResolver,
    mode: 'onTouched',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const draft = useDraft(form, user.id, !duplicateId);
  const keyFor = useIdempotencyKey();
  const submit = useSubmitRequest();
  const ministries = useQuery(activeMinistriesQuery);
  const source = useDuplicateSource(form, duplicateId);

  const values = form.watch();
  const tierLocked = isImpactInOne(values.eventTitle);
  const applyTier = (tier: string) => {
    const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted || !!form.formState.touchedFields.tier };
    form.setValue('tier', tier, opts);
    form.setValue('includedChannels', [...tierChannels(tier)], { shouldDirty: true });
    form.setValue('additionalChannels', {}, { shouldDirty: true });
  };

  // Impact in One forces tier A (spec 001 section 4).
  useEffect(() => {
    if (tierLocked && values.tier !== 'A') applyTier('A');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tierLocked, values.tier]);

  const ministry = ministries.data?.find((m) => m.id === values.ministryId) ?? null;
  const recommendation = ministry
    ? `Recommended for ${ministry.name}: ${TIER_DEFINITIONS[ministry.defaultTier as Tier]?.title ?? ministry.defaultTier}.`
    : null;
  const onMinistryChosen = (id: string) => {
    const chosen = ministries.data?.find((m) => m.id === id);
    if (chosen && !form.getValues('tier') && !tierLocked) applyTier(chosen.defaultTier);
  };
  const onEventStartChange = (date: string) => {
    if (!ISO_DATE.test(date)) return;
    form.setValue('promotionStartDate', defaultPromotionStart(date), { shouldDirty: true, shouldValidate: true });
  };

  const score = completenessScore({ ...values, fileCount: files.length });
  const errors = useMemo(() => {
    const list = submissionErrors(values);
    const leadTime = promotionLeadTimeError(values.promotionStartDate, churchToday());
    if (leadTime && !list.some((e) => e.field === 'promotionStartDate')) {
      list.push({ field: 'promotionStartDate', message: leadTime });
    }
    return list;
  }, [values]);
  const blockedReason = submitBlockedReason({ score, planningCenterAdded: values.planningCenterAdded, errors: errors.map((e) => e.message) });

  const onSubmit = async () => {
    if (blockedReason) {
      toast({ title: 'Cannot Submit', description: blockedReason, variant: 'destructive' });
      return;
    }
    const current = form.getValues();
    const fingerprint = JSON.stringify({ current, files: files.map((f) => [f.name, f.size, f.lastModified]) });
    setProgress(0);
    try {
      const result = await submit.mutateAsync({ values: current, files, idempotencyKey: keyFor(fingerprint), onProgress: setProgress });
      // A 2xx without a readable body, or without an id: the request may exist, and the same
      // idempotency key makes a retry return it rather than create a second one.
      if (!result) {
        toast({ title: 'Submission failed', description: 'Could not retrieve request details after submission.', variant: 'destructive' });
        return;
      }
      if (!result.id) {
        toast({ title: 'Submission failed', description: 'Request submission failed to return a valid request ID.', variant: 'destructive' });
        return;
      }
      draft.clear();
      toast({ title: 'Request submitted!', description: 'Your request has been submitted successfully.' });
      navigate(`/request/${result.id}`);
    } catch (err) {
      const description = err instanceof ApiError && err.message ? err.message : 'An unknown error occurred.';
      toast({ title: 'Submission failed', description, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <main className="mx-auto max-w-4xl px-4 pb-0 pt-6 sm:px-6">
      <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">New Request</h1>
      <p className="mt-1 text-sm text-slate-600">
        Tell us about your event. Required fields are marked with <span className="text-red-600">*</span>.
      </p>
      <form
        noValidate
        className="mt-6 grid gap-5"
        aria-label="New request"
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        {draft.pending && !duplicateId && <DraftBanner onRestore={draft.restore} onDiscard={draft.discard} />}
        {source && <DuplicateBanner title={source.sourceTitle} startDate={source.sourceEventStartDate} />}
        {hasRank(user.role, 'approver') && <OnBehalfSection form={form} />}
        <KeyInformationSection
          form={form}
          ministries={ministries.data ?? []}
          ministriesState={ministries.isPending ? 'loading' : ministries.isError ? 'error' : 'ready'}
          onMinistryChosen={onMinistryChosen}
        />
        <EventDetailsSection form={form} onEventStartChange={onEventStartChange} />
        <ContentDetailsSection
          form={form}
          tierLocked={tierLocked}
          recommendation={recommendation}
          onTierChosen={applyTier}
        />
        <ChannelsSection form={form} />
        <AdditionalInfoSection form={form} />
        <PlanningCenterSection form={form} />
        <DesignDirectionSection form={form} />
        <FilesSection files={files} onChange={setFiles} />
        <p className="text-sm text-slate-600">Approval processing takes 1-3 business days.</p>
        <CompletenessBar
          score={score}
          blockedReason={blockedReason}
          submitting={submit.isPending}
          progress={progress}
          onSubmit={() => void onSubmit()}
        />
      </form>
    </main>
  );
}

/** ?duplicate={id}: loads the source once into the form, with the spec's toasts. */
function useDuplicateSource(form: RequestForm, id: string | null) {
  const query = useQuery({ ...duplicateSourceQuery(id ?? ''), enabled: !!id });
  const applied = useRef(false);
  useEffect(() => {
    if (!id || applied.current) return;
    if (query.isError) {
      applied.current = true;
      toast({ title: 'Error loading request', variant: 'destructive' });
    }
    if (query.data) {
      applied.current = true;
      const v = query.data.values;
      form.reset({
        ...EMPTY_VALUES,
        ...v,
        includedChannels: [...tierChannels(v.tier)],
        duplicateOf: query.data.id,
      });
      toast({
        title: 'Request Loaded for Duplication',
        description: 'Review and update all fields, especially dates, before submitting.',
      });
    }
  }, [form, id, query.data, query.isError]);
  return query.data ?? null;
}
