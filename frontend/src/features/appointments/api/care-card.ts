import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

export type CareCard = components['schemas']['CareCardView'];
export type CareTexts = components['schemas']['CareCardBody'];

const careKey = (petId: number) => ['care', petId] as const;

/**
 * `GET /api/pets/{id}/care`: the zorgkaart as the signed-in person may read it (its owner, or a
 * sitter while an afspraak for the pet holds; 404 for anyone else). Never kept once the page
 * closes: the next reader of this browser may be someone else, and a sitter's window ends.
 */
export function useCareCard(petId: number) {
  return useQuery({
    queryKey: careKey(petId),
    queryFn: () => unwrap(api.GET('/api/pets/{id}/care', { params: { path: { id: petId } } })),
    gcTime: 0,
    retry: false,
  });
}

/**
 * `PUT /api/pets/{id}/care` with the whole card.
 * Rejects with an `ApiError`: 422 names the text at fault in `field`.
 */
export function useSaveCareCard(petId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareTexts) =>
      unwrap(api.PUT('/api/pets/{id}/care', { params: { path: { id: petId } }, body })),
    // The texts sent and answered are forgotten at once, as the card itself is.
    gcTime: 0,
    onSuccess: (saved) => {
      // Only while the page shows it: a card set for nobody would be kept.
      if (
        queryClient
          .getQueryCache()
          .find({ queryKey: careKey(petId) })
          ?.getObserversCount()
      ) {
        queryClient.setQueryData(careKey(petId), saved);
      }
    },
  });
}
