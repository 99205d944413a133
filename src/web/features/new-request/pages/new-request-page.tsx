import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { submissionErrors, submissionSchemaFor, type Submission } from '@shared/api/submission';
import { hasRank } from '@shared/domain/roles';
import {
  completenessScore,
  defaultPromotionStart,
  isImpactInOne,
  submitBlockedReason,
  SUBMIT_MESSAGES,
} from '@shared/domain/request-rules';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/features/auth';
import { AvailabilityPanel, useAvailability } from '@web/features/capacity';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
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
import { EMPTY_VALUES, makeFormResolver, type FormValues, type RequestForm } from '../lib/form-values';
import { FormConfigContext, offeredTierChannels, useFormConfig } from '../lib/form-config';
import {
  calendarBlockedMessage,
  calendarBlocks,
  configTierName,
  promotionNoticeError,
  type ChurchConfig,
} from '@shared/domain/church-config';
import { todayIn } from '@shared/domain/dates';
import { useChurchConfig } from '@web/lib/church-config';
import { REQUEST_TEMPLATE_MESSAGES, type RequestTemplate } from '@shared/api/request-templates';
import { requestTemplatesQuery, TemplatePicker } from '@web/features/request-templates';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The new-request form (guide/requests.md#the-new-request-form). The route guard admits requesters and above. */
export function Component() {
  const user = useCurrentUser();
  // The church's tiers, channels and calendar question (decision 0056), read once and shared.
  const config = useChurchConfig();
  if (config.isError) return <ErrorState message={config.error.message} onRetry={() => void config.refetch()} />;
  if (!user || !config.data) return <LoadingState />;
  return (
    <FormConfigContext.Provider value={config.data}>
      <NewRequestForm user={user} />
    </FormConfigContext.Provider>
  );
}

type CurrentUser = NonNullable<ReturnType<typeof useCurrentUser>>;

function NewRequestForm({ user }: { user: CurrentUser }) {
  const [params] = useSearchParams();
  const duplicateId = params.get('duplicate');
  // ?template={id} (from the templates page) fills the form once, as the picker does.
  const templateId = duplicateId ? null : params.get('template');
  const config = useFormConfig();
  const resolver = useMemo(() => makeFormResolver(config), [config]);
  const form = useForm<FormValues, unknown, Submission>({
    defaultValues: EMPTY_VALUES,
    resolver,
    mode: 'onTouched',
  });
  const [files, setFiles] = useState<File[]>([]);
  const draft = useDraft(form, user.id, !duplicateId && !templateId, files.length);
  const ministries = useQuery(activeMinistriesQuery);
  const source = useDuplicateSource(form, duplicateId);
  const fillFromTemplate = useTemplateFill(form);
  useTemplateFromAddress(templateId, fillFromTemplate);
  const values = form.watch();
  const tier = useTierRules(form, values, ministries.data ?? []);
  const { score, blockedReason } = useSubmitGate(values, files.length, config);
  // Leaving with typed text or picked files asks first; the draft stays, the files do not.
  const guard = useUnsavedGuard({
    dirty: form.formState.isDirty || files.length > 0,
    body:
      files.length > 0
        ? 'Your draft stays on this device for when you come back, but the files you picked are not kept.'
        : 'Your draft stays on this device for when you come back.',
    leave: 'Leave',
  });
  const send = useSendRequest(form, files, blockedReason, () => {
    draft.clear();
    guard.release();
  });
  const availability = useAvailability({
    promotionStart: values.promotionStartDate,
    eventStart: values.eventStartDate,
    tier: values.tier,
    channels: [
      ...(values.includedChannels ?? []),
      ...Object.entries(values.additionalChannels ?? {})
        .filter(([, on]) => on)
        .map(([code]) => code),
    ],
  });
  // A channel that cannot be made, or a week at or over capacity, is allowed after a confirmation.
  const [confirming, setConfirming] = useState(false);
  const warnings = [
    ...availability.dropped.map((c) => `${c.label} cannot be made in time and will not be created.`),
    ...availability.crowded.map((c) => `${c.label} runs in a week that is already full.`),
  ];
  const submitOrConfirm = () => {
    if (!blockedReason && warnings.length > 0) setConfirming(true);
    else void send.onSubmit();
  };
  const onEventStartChange = (date: string) => {
    if (!ISO_DATE.test(date)) return;
    form.setValue('promotionStartDate', defaultPromotionStart(date), { shouldDirty: true, shouldValidate: true });
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
          submitOrConfirm();
        }}
      >
        {!duplicateId && <TemplatePicker dirty={form.formState.isDirty} onChoose={fillFromTemplate} />}
        {draft.offered && !duplicateId && !templateId && (
          <DraftBanner
            savedAt={draft.offered.savedAt}
            fileCount={draft.offered.fileCount}
            onRestore={draft.restore}
            onDiscard={draft.discard}
          />
        )}
        {source && <DuplicateBanner title={source.sourceTitle} startDate={source.sourceEventStartDate} />}
        {hasRank(user.role, 'approver') && <OnBehalfSection form={form} />}
        <KeyInformationSection
          form={form}
          ministries={ministries.data ?? []}
          ministriesState={ministries.isPending ? 'loading' : ministries.isError ? 'error' : 'ready'}
          onMinistryChosen={tier.onMinistryChosen}
        />
        <EventDetailsSection form={form} onEventStartChange={onEventStartChange} />
        <ContentDetailsSection form={form} tierLocked={tier.locked} recommendation={tier.recommendation} onTierChosen={tier.apply} />
        <ChannelsSection form={form} />
        <AvailabilityPanel availability={availability} />
        <AdditionalInfoSection form={form} />
        <PlanningCenterSection form={form} />
        <DesignDirectionSection form={form} />
        <FilesSection files={files} onChange={setFiles} />
        <p className="text-sm text-slate-600">Approval processing takes 1-3 business days.</p>
        <CompletenessBar
          score={score}
          blockedReason={blockedReason}
          submitting={send.submitting}
          progress={send.progress}
          onSubmit={submitOrConfirm}
        />
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Submit anyway?"
        description={
          <ul className="list-disc space-y-1 pl-5">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        }
        confirm="Submit anyway"
        cancel="Go back"
        onConfirm={() => {
          setConfirming(false);
          void send.onSubmit();
        }}
      />
      {guard.dialog}
    </main>
  );
}

/** What the tier rules read of a ministry. */
interface MinistryTier {
  id: string;
  name: string;
  defaultTier: string;
}

/**
 * The tier rules of guide/requests.md#the-new-request-form: choosing a tier resets the channels to its standard ones,
 * Impact in One forces tier A, and a ministry's default tier is recommended and filled in when no
 * tier is chosen yet.
 */
function useTierRules(form: RequestForm, values: FormValues, ministries: readonly MinistryTier[]) {
  const config = useFormConfig();
  const tierA = config.tiers.find((t) => t.code === 'A' && !t.archived);
  const locked = !!tierA && isImpactInOne(values.eventTitle);
  const apply = (tier: string) => {
    const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted || !!form.formState.touchedFields.tier };
    form.setValue('tier', tier, opts);
    form.setValue('includedChannels', offeredTierChannels(config, tier), { shouldDirty: true });
    form.setValue('additionalChannels', {}, { shouldDirty: true });
  };
  useEffect(() => {
    if (locked && values.tier !== 'A') apply('A');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locked, values.tier]);
  const ministry = ministries.find((m) => m.id === values.ministryId) ?? null;
  const recommendation = ministry ? `Recommended for ${ministry.name}: ${configTierName(config, ministry.defaultTier)}.` : null;
  const onMinistryChosen = (id: string) => {
    const chosen = ministries.find((m) => m.id === id);
    const offeredTier = config.tiers.some((t) => t.code === chosen?.defaultTier && !t.archived);
    if (chosen && offeredTier && !form.getValues('tier') && !locked) apply(chosen.defaultTier);
  };
  return { locked, apply, recommendation, onMinistryChosen };
}

/** The completeness score and the first reason the form cannot be sent yet (the server checks the same). */
function useSubmitGate(values: FormValues, fileCount: number, config: Pick<ChurchConfig, 'tiers' | 'channels' | 'church'>) {
  const { church } = config;
  // A church that does not ask the calendar question gives its points to every request.
  const score = completenessScore({ ...values, planningCenterAdded: !church.calendarQuestion || values.planningCenterAdded, fileCount });
  const schema = useMemo(() => submissionSchemaFor(config), [config]);
  const errors = useMemo(() => {
    const list = submissionErrors(values, schema);
    const leadTime = promotionNoticeError(values.promotionStartDate, todayIn(church.effectiveTimeZone), church.promotionMinDays);
    if (leadTime && !list.some((e) => e.field === 'promotionStartDate')) {
      list.push({ field: 'promotionStartDate', message: leadTime });
    }
    return list;
  }, [values, schema, church]);
  const reason = submitBlockedReason({
    score,
    planningCenterAdded: calendarBlocks(church, values.planningCenterAdded) ? values.planningCenterAdded : true,
    errors: errors.map((e) => e.message),
  });
  const blockedReason = reason === SUBMIT_MESSAGES.planningCenter ? calendarBlockedMessage(church) : reason;
  return { score, blockedReason };
}

/**
 * Sends the form with its files under one idempotency key per content, shows the upload's progress,
 * and says how it went; on success the draft is cleared and the new request opens.
 */
function useSendRequest(form: RequestForm, files: File[], blockedReason: string | null, onSent: () => void) {
  const navigate = useNavigate();
  const keyFor = useIdempotencyKey();
  const submit = useSubmitRequest();
  const [progress, setProgress] = useState<number | null>(null);
  const failed = (description: string) => toast({ title: 'Submission failed', description, variant: 'destructive' });

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
      if (!result) return failed('Could not retrieve request details after submission.');
      if (!result.id) return failed('Request submission failed to return a valid request ID.');
      onSent();
      toast({ title: 'Request submitted!', description: 'Your request has been submitted successfully.' });
      // The form's entry is replaced: closing the confirmation goes to My Requests, and back does
      // not return to a blank form.
      navigate(`/request/${result.id}`, { replace: true, state: { closeTo: '/my-requests' } });
    } catch (err) {
      failed(err instanceof ApiError && err.message ? err.message : 'An unknown error occurred.');
    } finally {
      setProgress(null);
    }
  };
  return { onSubmit, progress, submitting: submit.isPending };
}

/**
 * Fills the form from a request template (guide/requests.md#request-templates): its fields over an
 * empty form, the dates left to choose, the on-behalf names kept; channels only as the church still
 * offers them. The form stays dirty against the empty one, so the draft and the leave guard hold.
 */
function useTemplateFill(form: RequestForm) {
  const config = useFormConfig();
  return (template: RequestTemplate) => {
    const v = template.values;
    const current = form.getValues();
    const tierOffered = config.tiers.some((t) => t.code === v.tier && !t.archived);
    const offered = tierOffered ? offeredTierChannels(config, v.tier) : [];
    const live = new Set(config.channels.filter((c) => !c.archived).map((c) => c.code));
    form.reset(
      {
        ...EMPTY_VALUES,
        ...v,
        requesterName: current.requesterName,
        requesterEmail: current.requesterEmail,
        tier: tierOffered ? v.tier : '',
        includedChannels: v.includedChannels.filter((c) => offered.includes(c)),
        additionalChannels: Object.fromEntries(Object.entries(v.additionalChannels).filter(([c, on]) => on && live.has(c))),
      },
      { keepDefaultValues: true },
    );
    toast({ title: REQUEST_TEMPLATE_MESSAGES.filled, description: REQUEST_TEMPLATE_MESSAGES.filledBody });
  };
}

/** ?template={id}: fills the form once from that template when it is one the person may start from. */
function useTemplateFromAddress(id: string | null, fill: (template: RequestTemplate) => void) {
  const query = useQuery({ ...requestTemplatesQuery, enabled: !!id });
  const applied = useRef(false);
  useEffect(() => {
    if (!id || applied.current || !query.data) return;
    applied.current = true;
    const template = query.data.items.find((t) => t.id === id);
    if (template) fill(template);
    else toast({ title: REQUEST_TEMPLATE_MESSAGES.notFound, variant: 'destructive' });
  }, [id, query.data, fill]);
}

/** ?duplicate={id}: loads the source once into the form, with the spec's toasts. */
function useDuplicateSource(form: RequestForm, id: string | null) {
  const config = useFormConfig();
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
        includedChannels: offeredTierChannels(config, v.tier),
        duplicateOf: query.data.id,
      });
      toast({
        title: 'Request Loaded for Duplication',
        description: 'Review and update all fields, especially dates, before submitting.',
      });
    }
  }, [form, id, query.data, query.isError, config]);
  return query.data ?? null;
}
