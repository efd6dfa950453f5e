import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { calls, type Service } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { api } from '../../lib/api.js';
import { imageOrAvatar } from '../../lib/image.js';
import { queryKeys } from '../../lib/query-keys.js';
import { notify } from '../../lib/toast.js';
import styles from './Connect.module.css';
import { ServiceDialog } from './ServiceDialog.js';
import { TEXTS } from './texts.js';

function ServiceItem({ service, onDelete }: { service: Service; onDelete: () => void }) {
  return (
    <li className={styles.service}>
      <img src={imageOrAvatar(service.service_image, service.service_name)} alt="" width={64} height={64} loading="lazy" />
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
    </li>
  );
}

/**
 * Services, with the 'Add New' modal and delete. After a change the card is fetched again
 * (rather than reloading the page: refetching the query keeps the person's place and state).
 */
export function Services({ cardId, services }: { cardId: string; services: Service[] }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.getCard() });

  const remove = useMutation({
    mutationFn: (service: Service) => api(calls.deleteService, { params: { id: service.id } }),
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
        <ul className={styles.services}>
          {services.map((service) => (
            <ServiceItem key={service.id} service={service} onDelete={() => setDeleting(service)} />
          ))}
        </ul>
      )}
      <ServiceDialog open={adding} onOpenChange={setAdding} cardId={cardId} onAdded={reload} />
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
