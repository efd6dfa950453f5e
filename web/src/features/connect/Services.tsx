import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { OwnerCard, Service } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { ApiError } from '../../lib/api.js';
import { orAvatar } from '../../lib/image.js';
import { UploadedImage } from '../../components/UploadedImage.js';
import { notify } from '../../lib/toast.js';
import { deleteService, ownerCardKey } from './api.js';
import styles from './Connect.module.css';
import { ArrangeList } from './LazyArrangeList.js';
import { TEXTS } from './texts.js';

// Fetched when first needed, not with the page: the 'Add New' modal, and the call that saves the order.
const ServiceDialog = lazy(() => import('./ServiceDialog.js').then((m) => ({ default: m.ServiceDialog })));
const loadArrange = () => import('./arrange-services.js');

function ServiceContent({ service, onDelete }: { service: Service; onDelete: () => void }) {
  return (
    <div className={styles.serviceBody}>
      <UploadedImage image={orAvatar(service.service_image, service.service_name)} alt="" width={64} height={64} loading="lazy" />
      <div>
        <h3>{service.service_name}</h3>
        <p>{service.service_description}</p>
        {service.phone && <p>{service.phone}</p>}
        {service.link && (
          <a className={styles.serviceLink} href={service.link} target="_blank" rel="noopener noreferrer">
            {service.link.replace(/^https?:\/\//, '')}
          </a>
        )}
      </div>
      <button type="button" className={styles.iconButton} onClick={onDelete} aria-label={`Delete ${service.service_name}`}>
        <Trash2 size={20} aria-hidden />
      </button>
    </div>
  );
}

/** The services with one moved from `from` to `to`. */
function moveService(services: Service[], from: number, to: number): Service[] {
  const next = [...services];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/**
 * The services' switches and order (arrange-services, every service once in the order to show): shown
 * at once, put back with a toast if refused.
 */
function useArrangeServices() {
  const queryClient = useQueryClient();
  const key = ownerCardKey;
  return useMutation({
    mutationKey: ['arrangeServices'],
    // One at a time, in the order made: two quick moves must reach the server in that order.
    scope: { id: 'arrangeServices' },
    mutationFn: async (services: Service[]) => (await loadArrange()).arrangeServices(services),
    onMutate: async (services) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OwnerCard>(key);
      if (previous) queryClient.setQueryData<OwnerCard>(key, { ...previous, services });
      return { previous };
    },
    onSuccess: (services) => {
      // A later change already on screen is not undone by this one's answer.
      if (queryClient.isMutating({ mutationKey: ['arrangeServices'] }) > 1) return;
      queryClient.setQueryData<OwnerCard>(key, (card) => (card ? { ...card, services } : card));
    },
    onError: (error, _services, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
      // A write that could not be sent has had its toast (the API layer's).
      if (!(error instanceof ApiError && error.kind === 'network')) notify.error(error.message || TEXTS.arrangeFailed);
    },
  });
}

/**
 * Services, with the 'Add New' modal and delete; each with an on/off switch (a switched-off service
 * stays saved, marked Hidden) and reordered by drag or Move up / Move down. After an add or a delete
 * the card is fetched again (rather than reloading the page: refetching the query keeps the person's
 * place and state).
 */
export function Services({ cardId, services }: { cardId: string; services: Service[] }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const arrange = useArrangeServices();
  const reload = () => void queryClient.invalidateQueries({ queryKey: ownerCardKey });

  const remove = useMutation({
    mutationFn: (service: Service) => deleteService(service.id),
    onSuccess: (result) => {
      if (result.ok) {
        notify.success(TEXTS.serviceDeleted);
        setDeleting(null);
        reload();
      } else if (result.kind !== 'network') notify.error(TEXTS.serviceDeleteFailed);
    },
  });

  return (
    <section className={styles.section} aria-labelledby="services-heading">
      <div className={styles.sectionHeader}>
        <h2 id="services-heading">Services</h2>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <Plus size={18} aria-hidden />
          Add New
        </Button>
      </div>
      {services.length === 0 ? (
        <p className={styles.empty}>{TEXTS.noServices}</p>
      ) : (
        <ArrangeList
          fallback={
            <ul className={styles.services}>
              {services.map((service) => (
                <li key={service.id} className={styles.service}>
                  <ServiceContent service={service} onDelete={() => setDeleting(service)} />
                </li>
              ))}
            </ul>
          }
          label="Services"
          items={services}
          idOf={(service) => service.id}
          labelOf={(service) => service.service_name}
          shownOf={(service) => service.enabled}
          renderItem={(service) => <ServiceContent service={service} onDelete={() => setDeleting(service)} />}
          onToggle={(index, enabled) => arrange.mutate(services.map((s, i) => (i === index ? { ...s, enabled } : s)))}
          onMove={(from, to) => arrange.mutate(moveService(services, from, to))}
        />
      )}
      {adding && (
        <Suspense fallback={null}>
          <ServiceDialog open onOpenChange={setAdding} cardId={cardId} onAdded={reload} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this service?"
        description={deleting ? `${deleting.service_name} will be removed from your card.` : undefined}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
