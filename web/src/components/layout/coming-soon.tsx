import { Link } from 'react-router'
import { Construction } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageContainer } from '@/components/layout/page'
import { useDocumentMeta } from '@/lib/use-document-meta'

/** An honest placeholder for a screen that a later release delivers. */
export function ComingSoon({
  title,
  description,
  backTo = '/dashboard',
  backLabel = 'Back to Dashboard',
}: {
  title: string
  description?: string
  backTo?: string
  backLabel?: string
}) {
  useDocumentMeta({ title })
  return (
    <PageContainer className="max-w-2xl">
      <Card>
        <CardHeader>
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <Construction className="size-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">{title}</CardTitle>
          <CardDescription className="text-base">
            {description ?? 'This screen is coming in an upcoming release of Squares.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="mb-5 text-sm text-muted-foreground">
            We are building it now. Until then, everything else keeps working as usual.
          </p>
          <Button asChild>
            <Link to={backTo}>{backLabel}</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
